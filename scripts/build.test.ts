import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { BuildSettingsError, checkBuildEnv, readTrustSettingsForBuild } from "./build";

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

describe("privacy settings in the build", () => {
  it("warns once, naming the unset ones, and hands on what is set", () => {
    const warn = vi.fn();
    const settings = readTrustSettingsForBuild({ PRIVACY_CONTACT: "privacy@b.example" }, warn);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/^PRIVACY_CONTROLLER, PRIVACY_RETENTION_MONTHS are not set: /),
    );
    expect(settings.privacyContact?.href).toBe("mailto:privacy@b.example");
  });

  it("says nothing when all are set", () => {
    const warn = vi.fn();
    readTrustSettingsForBuild(
      {
        PRIVACY_CONTROLLER: "B Ltd",
        PRIVACY_CONTACT: "privacy@b.example",
        PRIVACY_RETENTION_MONTHS: "6",
      },
      warn,
    );
    expect(warn).not.toHaveBeenCalled();
  });

  it("stops the build on an unusable value", () => {
    expect(() => readTrustSettingsForBuild({ PRIVACY_RETENTION_MONTHS: "soon" }, vi.fn())).toThrow(
      BuildSettingsError,
    );
    expect(() => readTrustSettingsForBuild({ PRIVACY_RETENTION_MONTHS: "soon" }, vi.fn())).toThrow(
      /^Build stopped: PRIVACY_RETENTION_MONTHS is a whole number of months/,
    );
  });

  it("npm run build without them warns on stderr, naming each", async () => {
    // The EmailJS ids are left out too, so the guard stops the build once settings are read,
    // before Vite runs: the warning comes first, so one run names everything that is missing.
    const env = {
      ...process.env,
      VITE_EMAILJS_PUBLIC_KEY: "",
      VITE_EMAILJS_SERVICE_ID: "",
      VITE_EMAILJS_TEMPLATE_ID: "",
      PRIVACY_CONTROLLER: "",
      PRIVACY_CONTACT: "",
      PRIVACY_RETENTION_MONTHS: "",
    };
    const build = run("npx", ["tsx", "scripts/build.ts", "--out-dir", ".e2e/guard"], {
      cwd: root,
      env,
    });
    await expect(build).rejects.toMatchObject({
      stderr: expect.stringContaining(
        "PRIVACY_CONTROLLER, PRIVACY_CONTACT, PRIVACY_RETENTION_MONTHS are not set: the privacy " +
          "notice by the form and the footer use neutral wording instead (see .env.example).",
      ),
    });
  }, 30_000);
});
