import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { BuildSettingsError, checkBuildEnv } from "./build";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "..");

describe("production build guard", () => {
  it("names every missing EmailJS setting", () => {
    expect(() => checkBuildEnv("production", { VITE_EMAILJS_SERVICE_ID: "service_x" })).toThrow(
      BuildSettingsError,
    );
    expect(() => checkBuildEnv("production", { VITE_EMAILJS_SERVICE_ID: "service_x" })).toThrow(
      /needs VITE_EMAILJS_PUBLIC_KEY, VITE_EMAILJS_TEMPLATE_ID\./,
    );
    expect(() => checkBuildEnv("production", { VITE_EMAILJS_PUBLIC_KEY: "  " })).toThrow(
      /needs VITE_EMAILJS_PUBLIC_KEY, VITE_EMAILJS_SERVICE_ID, VITE_EMAILJS_TEMPLATE_ID\./,
    );
  });

  it("lets a complete production build and any local build through", () => {
    const complete = {
      VITE_EMAILJS_PUBLIC_KEY: "key",
      VITE_EMAILJS_SERVICE_ID: "service_x",
      VITE_EMAILJS_TEMPLATE_ID: "template_x",
    };
    expect(() => checkBuildEnv("production", complete)).not.toThrow();
    expect(() => checkBuildEnv("emulator", {})).not.toThrow();
  });

  it("npm run build stops with that message and a failing exit code", async () => {
    const env = {
      ...process.env,
      VITE_EMAILJS_PUBLIC_KEY: "",
      VITE_EMAILJS_SERVICE_ID: "",
      VITE_EMAILJS_TEMPLATE_ID: "",
    };
    const build = run("npx", ["tsx", "scripts/build.ts", "--out-dir", ".e2e/guard"], {
      cwd: root,
      env,
    });
    await expect(build).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        "a production build needs VITE_EMAILJS_PUBLIC_KEY, VITE_EMAILJS_SERVICE_ID, VITE_EMAILJS_TEMPLATE_ID.",
      ),
    });
  }, 30_000);
});
