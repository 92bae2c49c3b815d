import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { runToEnd } from "../quality/run-to-end";
import { BuildSettingsError, checkBuildEnv, readTrustSettingsForBuild } from "./build";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");

/** What a real deploy sets: a production build with these goes through. */
const DEPLOY = {
  VITE_EMAILJS_PUBLIC_KEY: "key",
  VITE_EMAILJS_SERVICE_ID: "service_x",
  VITE_EMAILJS_TEMPLATE_ID: "template_x",
  SITE_URL: "https://bulwark.dev",
};

/** Generous: each run starts npm, Node and tsx, on a machine shared with other test runs. */
const RUN_TIMEOUT_MS = 90_000;
// A test waits for its run to end, so it must be allowed longer than the run: Vitest's 5 s is not.
vi.setConfig({ testTimeout: RUN_TIMEOUT_MS + 5_000 });

/** What a shell may export that the build reads. */
const BUILD_SETTING = /^(VITE_.*|SITE_URL|SECURITY_CONTACT|PRIVACY_.*|WAITLIST_.*|PLAUSIBLE_.*)$/;

/** The shell's environment without the settings the build reads. */
const deployJobEnv = () =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !BUILD_SETTING.test(name)));

/**
 * `npm run build` as a deploy job runs it, with only `settings`: the shell's are dropped, as
 * `npm run test:env` exports some.
 */
function npmRunBuild(settings: Record<string, string>) {
  return runToEnd("npm", ["run", "--silent", "build", "--", "--out-dir", ".e2e/build-guard"], {
    cwd: root,
    env: { ...deployJobEnv(), ...settings },
    timeoutMs: RUN_TIMEOUT_MS,
  });
}

/** Set, so the privacy warning stays out of what the refusals print. */
const PRIVACY = {
  PRIVACY_CONTROLLER: "B Ltd",
  PRIVACY_CONTACT: "privacy@b.example",
  PRIVACY_RETENTION_MONTHS: "6",
};

describe("production build guard", () => {
  it("names every missing setting", () => {
    expect(() => checkBuildEnv("production", { VITE_EMAILJS_SERVICE_ID: "service_x" })).toThrow(
      BuildSettingsError,
    );
    expect(() => checkBuildEnv("production", { VITE_EMAILJS_SERVICE_ID: "service_x" })).toThrow(
      /needs VITE_EMAILJS_PUBLIC_KEY, VITE_EMAILJS_TEMPLATE_ID, SITE_URL: /,
    );
    expect(() => checkBuildEnv("production", { ...DEPLOY, VITE_EMAILJS_PUBLIC_KEY: "  " })).toThrow(
      /needs VITE_EMAILJS_PUBLIC_KEY: /,
    );
  });

  it("names each fault of one run on a line of its own", () => {
    expect(() =>
      checkBuildEnv("production", {
        ...DEPLOY,
        VITE_EMAILJS_ORIGIN: "http://127.0.0.1:4180",
        SITE_URL: "http://127.0.0.1:4173",
      }),
    ).toThrow(
      /^Build stopped: VITE_EMAILJS_ORIGIN is http:\/\/127\.0\.0\.1:4180, a loopback address \(127\.0\.0\.0\/8\): [^\n]+\nBuild stopped: SITE_URL is http:\/\/127\.0\.0\.1:4173, a loopback address \(127\.0\.0\.0\/8\): [^\n]+$/,
    );
  });

  it("lets a real deploy's production build and any local build through", () => {
    expect(() => checkBuildEnv("production", DEPLOY)).not.toThrow();
    expect(() =>
      checkBuildEnv("production", { ...DEPLOY, VITE_EMAILJS_ORIGIN: "https://api.emailjs.com" }),
    ).not.toThrow();
    expect(() => checkBuildEnv("emulator", {})).not.toThrow();
    expect(() =>
      checkBuildEnv("emulator", {
        VITE_EMAILJS_ORIGIN: "http://127.0.0.1:4180",
        SITE_URL: "http://127.0.0.1:4173",
      }),
    ).not.toThrow();
  });

  it("refuses a mode it does not know, before anything else", () => {
    expect(() => checkBuildEnv("staging", DEPLOY)).toThrow(
      /^Build stopped: the mode "staging" is none of the known ones: production \(a deploy, every setting checked\) or emulator \(a local build against the emulator\)\.$/,
    );
  });

  it("lets the test stacks' production build name the emulator on this machine, by code alone", () => {
    const stack = {
      ...DEPLOY,
      VITE_EMAILJS_ORIGIN: "http://127.0.0.1:4311",
      SITE_URL: "http://127.0.0.1:4312",
    };
    expect(() => checkBuildEnv("production", stack)).toThrow(BuildSettingsError);
    expect(() => checkBuildEnv("production", stack, { localServices: true })).not.toThrow();
  });
});

// One process each, side by side. Nothing is built: each refusal comes before Vite runs, in seconds.
describe.concurrent("npm run build, as a deploy job runs it", () => {
  it("with nothing set, stops with one line naming the settings, no stack trace", async ({
    expect,
  }) => {
    const result = await npmRunBuild({});
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    // The privacy warning (one line), then the one line that stops the build.
    expect(result.stderr.split("\n")).toEqual([
      expect.stringMatching(
        /^PRIVACY_CONTROLLER, PRIVACY_CONTACT, PRIVACY_RETENTION_MONTHS are not set: /,
      ),
      "Build stopped: a production build needs VITE_EMAILJS_PUBLIC_KEY, VITE_EMAILJS_SERVICE_ID, " +
        "VITE_EMAILJS_TEMPLATE_ID, SITE_URL: without the EmailJS ids the waitlist form cannot " +
        "send; without SITE_URL, the site's public https: address, canonical links, the sitemap " +
        "and sharing cards have nowhere to point. Set them in the environment or in .env (see " +
        ".env.example), or run `npm run build:local` to build against the local emulator.",
      "",
    ]);
  });

  it("with .env.emulator's settings stops with one line naming the origin and SITE_URL each", async ({
    expect,
  }) => {
    const result = await npmRunBuild({
      ...PRIVACY,
      VITE_EMAILJS_PUBLIC_KEY: "local-public-key",
      VITE_EMAILJS_SERVICE_ID: "service_local",
      VITE_EMAILJS_TEMPLATE_ID: "template_waitlist",
      VITE_EMAILJS_ORIGIN: "http://127.0.0.1:4180",
      SITE_URL: "http://127.0.0.1:4173",
    });
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "Build stopped: VITE_EMAILJS_ORIGIN is http://127.0.0.1:4180, a loopback address " +
        "(127.0.0.0/8): every " +
        "visitor's browser would post their address to itself. Set it to https://api.emailjs.com " +
        "(or unset it).\n" +
        "Build stopped: SITE_URL is http://127.0.0.1:4173, a loopback address (127.0.0.0/8): " +
        "canonical links, " +
        "the sitemap and sharing cards would point every visitor at their own machine. Set it to " +
        "the site's public https: address, such as https://bulwark.dev.\n",
    });
  });

  it("with --mode staging stops with one line naming it and the known modes", async ({
    expect,
  }) => {
    const result = await runToEnd(
      "npm",
      ["run", "--silent", "build", "--", "--mode", "staging", "--out-dir", ".e2e/build-guard"],
      { cwd: root, env: { ...deployJobEnv(), ...PRIVACY, ...DEPLOY }, timeoutMs: RUN_TIMEOUT_MS },
    );
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr:
        'Build stopped: the mode "staging" is none of the known ones: production (a deploy, ' +
        "every setting checked) or emulator (a local build against the emulator).\n",
    });
  });

  it("with an origin or SITE_URL not written as the origin it names stops, naming the origin to set", async ({
    expect,
  }) => {
    const result = await npmRunBuild({
      ...PRIVACY,
      ...DEPLOY,
      VITE_EMAILJS_ORIGIN: "https:api.emailjs.com",
      SITE_URL: "https://bulwark.dev/",
    });
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "Build stopped: VITE_EMAILJS_ORIGIN is https:api.emailjs.com, not written as the origin " +
        "it names, https://api.emailjs.com: the build checks and ships that origin, so the " +
        "setting must be it. Set it to https://api.emailjs.com.\n" +
        "Build stopped: SITE_URL is https://bulwark.dev/, not written as the origin it " +
        "names, https://bulwark.dev: the build checks and ships that origin, so the " +
        "setting must be it. Set it to https://bulwark.dev.\n",
    });
  });

  it("with the field signals sending to Plausible's own address, says so in one line first", async ({
    expect,
  }) => {
    // EmailJS's ids are left out, so the guard stops the build before Vite runs.
    const result = await npmRunBuild({ ...PRIVACY, VITE_PLAUSIBLE_DOMAIN: "bulwark.dev" });
    expect(result.code).toBe(1);
    expect(result.stderr.split("\n")).toEqual([
      expect.stringMatching(
        /^Field signals: events go to https:\/\/plausible\.io\/api\/event, which EasyPrivacy and AdGuard Tracking Protection filter block .+ such as \/p7\/api\/event /,
      ),
      expect.stringMatching(/^Build stopped: a production build needs VITE_EMAILJS_PUBLIC_KEY, /),
      "",
    ]);
  });

  it("with an http: reCAPTCHA origin stops with one line", async ({ expect }) => {
    const result = await npmRunBuild({
      ...PRIVACY,
      ...DEPLOY,
      VITE_RECAPTCHA_SITE_KEY: "site-key",
      VITE_RECAPTCHA_ORIGIN: "http://www.recaptcha.net",
    });
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: expect.stringMatching(
        /^Build stopped: VITE_RECAPTCHA_ORIGIN is http:\/\/www\.recaptcha\.net, not an https: origin: [^\n]+\n$/,
      ),
    });
  });
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
    const build = run("npx", ["tsx", "scripts/build/build.ts", "--out-dir", ".e2e/guard"], {
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
