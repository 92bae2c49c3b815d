/**
 * The outside judges of docs/behaviour.md, "Quality bars" (HTML, Security), run against the e2e stack's local build:
 * the Nu Html Checker on every built HTML file, linkinator on every link and fragment inside the
 * site, csp_evaluator on the policy the site serves, and the MDN HTTP Observatory on the preview
 * server over HTTPS with a certificate made here. No browser page is used.
 */
import { execFile, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { CspEvaluator } from "csp_evaluator/dist/evaluator.js";
import { type Finding, Severity } from "csp_evaluator/dist/finding.js";
import { CspParser } from "csp_evaluator/dist/parser.js";
import { LinkChecker, LinkState } from "linkinator";
import { readBuildSettings } from "../../../server/preview";
import { startPreviewServer } from "../../../server/preview-server";
import { E2E_EMULATOR_URL, E2E_SITE_URL, E2E_WORK_DIR } from "../support/stack-ports";

// These judges read files and talk HTTP: Playwright's plain `test`, no browser page.
const run = promisify(execFile);

const root = resolve(import.meta.dirname, "../../..");
const buildDir = resolve(root, E2E_WORK_DIR, "local");
const distDir = resolve(buildDir, "dist");
const VNU_JAR = resolve(root, "node_modules/vnu-jar/build/dist/vnu.jar");
/** Where production sends the waitlist email (the stack's builds all use the local emulator). */
const EMAILJS_ORIGIN = "https://api.emailjs.com";
const OBSERVATORY_DIR = resolve(root, "node_modules/@mdn/mdn-http-observatory");

/** Fails with what to install instead of a bare ENOENT (CI installs both). */
function requireTool(command: string, args: string[], install: string) {
  const probe = spawnSync(command, args, { stdio: "ignore" });
  if (probe.error) {
    throw new Error(`\`${command}\` is not installed or not on PATH: run \`${install}\`.`);
  }
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/**
 * vnu also checks the CSS inside <style> elements, with a CSS checker that lags the specs. These
 * three messages are about valid CSS that Tailwind 4 emits (checked against the specs: CSS
 * Properties and Values API `@property`; `margin-trim` inside an `@supports` test; a custom
 * property in `transition-property`). Each pattern is one exact message shape; any other CSS or
 * HTML error still fails.
 */
const VNU_CSS_CHECKER_GAPS = [
  /^CSS: Unrecognized at-rule “@property”\.?$/,
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.$/,
  /^CSS: “transition-property”: “--[\w-]+” is not a “transition-property” value\.$/,
];

test.describe("Nu Html Checker", () => {
  test("reports no error in any built HTML file", async () => {
    test.setTimeout(120_000);
    requireTool("java", ["-version"], "apt-get install default-jre-headless");
    const files = await htmlFiles(distDir);
    expect(files.map((file) => relative(distDir, file))).toEqual(
      expect.arrayContaining(["404.html", "index.html", "success.html"]),
    );

    // vnu exits 1 when it finds errors and writes its JSON report to stderr either way.
    const { stderr } = await run(
      "java",
      ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...files],
      { maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stderr?: string; message: string }) => {
      if (error.stderr?.trimStart().startsWith("{")) return { stderr: error.stderr };
      throw new Error(`vnu did not run: ${error.message}`);
    });
    const report = JSON.parse(stderr) as {
      messages: {
        type: string;
        url?: string;
        lastLine?: number;
        message: string;
        extract?: string;
      }[];
    };
    const messages = report.messages
      .filter((message) => !VNU_CSS_CHECKER_GAPS.some((gap) => gap.test(message.message)))
      .map((message) => ({
        file: message.url ? relative(distDir, new URL(message.url).pathname) : "(none)",
        line: message.lastLine,
        type: message.type,
        message: message.message,
        extract: message.extract,
      }));
    expect(messages, "Nu Html Checker errors").toEqual([]);
  });
});

test.describe("linkinator", () => {
  /** Anything but the site itself (other origins, mailto:, tel:) is skipped, never fetched. */
  function offSite(allowedOrigins: string[]) {
    return async (link: string) => {
      try {
        return !allowedOrigins.includes(new URL(link).origin);
      } catch {
        return true;
      }
    };
  }

  async function crawl(options: Parameters<LinkChecker["check"]>[0]) {
    const result = await new LinkChecker().check({
      recurse: true,
      checkFragments: true,
      checkCss: true,
      concurrency: 10,
      timeout: 10_000,
      ...options,
    });
    const broken = result.links
      .filter((link) => link.state === LinkState.BROKEN)
      .map((link) => ({
        url: link.url,
        status: link.status,
        parent: link.parent,
        why: link.failureDetails?.map((detail) =>
          detail instanceof Error ? detail.message : `HTTP ${detail.status}`,
        ),
      }));
    const checked = result.links
      .filter((link) => link.state === LinkState.OK)
      .map((link) => link.url);
    return { broken, checked };
  }

  test("finds no broken link or fragment on the served pages", async () => {
    test.setTimeout(60_000);
    // Recursion only follows links on the site's own host; linksToSkip keeps every request on
    // the one origin, so nothing leaves 127.0.0.1.
    const { broken, checked } = await crawl({
      path: [`${E2E_SITE_URL}/`, `${E2E_SITE_URL}/success`],
      linksToSkip: offSite([E2E_SITE_URL]),
    });
    expect(broken, "broken links").toEqual([]);
    expect(checked).toEqual(
      expect.arrayContaining([`${E2E_SITE_URL}/`, `${E2E_SITE_URL}/success`]),
    );
    expect(checked.filter((url) => url.includes("/assets/")).length).toBeGreaterThan(0);
  });

  test("finds no broken link on the not-found page", async () => {
    // The preview server answers 404.html with status 404, which linkinator would count as a
    // broken start page; its own static server on the build output serves the file with 200.
    const { broken, checked } = await crawl({
      path: "404.html",
      serverRoot: distDir,
      cleanUrls: true,
      linksToSkip: async (link) => {
        const url = new URL(link);
        return url.protocol !== "http:" || url.hostname !== "localhost";
      },
    });
    expect(broken, "broken links").toEqual([]);
    expect(checked).toEqual(expect.arrayContaining(["404.html"]));
  });
});

test.describe("csp_evaluator", () => {
  /**
   * HIGH and MEDIUM fail, and so do their _MAYBE forms: csp_evaluator calls those "possible"
   * high/medium findings, and docs/behaviour.md asks for a strict CSP, i.e. one with no possible bypass
   * either. SYNTAX fails too: a directive the browser ignores is a hole in the policy. STRICT_CSP
   * (advice to adopt nonces or trusted types), INFO and NONE do not fail.
   */
  const FAILING = new Set([
    Severity.HIGH,
    Severity.SYNTAX,
    Severity.MEDIUM,
    Severity.HIGH_MAYBE,
    Severity.MEDIUM_MAYBE,
  ]);
  test("finds nothing of high or medium severity in the served policy", async () => {
    const response = await fetch(`${E2E_SITE_URL}/`);
    expect(response.status).toBe(200);
    const served = response.headers.get("content-security-policy") ?? "";
    expect(served, "the site serves a Content-Security-Policy").toContain("default-src 'none'");
    // The e2e builds send to the plain-HTTP emulator on 127.0.0.1, which csp_evaluator rightly
    // flags (http:, localhost). Judge the policy production serves: the same header with the
    // emulator origin swapped for EmailJS's.
    expect(served).toContain(E2E_EMULATOR_URL);
    const policy = served.replaceAll(E2E_EMULATOR_URL, EMAILJS_ORIGIN);

    const findings: Finding[] = new CspEvaluator(new CspParser(policy).csp).evaluate();
    const serious = findings
      .filter((finding) => FAILING.has(finding.severity))
      .map((finding) => ({
        severity: Severity[finding.severity],
        directive: finding.directive,
        value: finding.value,
        description: finding.description,
      }));
    expect(serious, `high or medium findings in: ${policy}`).toEqual([]);
  });
});

test.describe("MDN HTTP Observatory over HTTPS", () => {
  test.describe.configure({ mode: "serial" });

  let tempDir = "";
  let certPath = "";
  let preview: Awaited<ReturnType<typeof startPreviewServer>> | undefined;

  test.beforeAll(async () => {
    requireTool("openssl", ["version"], "apt-get install openssl");
    tempDir = await mkdtemp(join(tmpdir(), "bulwark-observatory-"));
    certPath = join(tempDir, "cert.pem");
    const keyPath = join(tempDir, "key.pem");
    // Self-signed, for this run only. `req -x509` marks it CA:TRUE, so the scanner can trust it
    // as its own root through NODE_EXTRA_CA_CERTS.
    await run("openssl", [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-sha256",
      "-days",
      "2",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "-keyout",
      keyPath,
      "-out",
      certPath,
    ]);
    // The e2e builds send to the plain-HTTP emulator, so their connect-src names an http:
    // origin, which an HTTPS page must not (the Observatory takes 20 points for it). Serve the
    // build with the origin production sends to; every other header is the build's own.
    const settings = await readBuildSettings(buildDir);
    expect(settings.emailOrigin).toBe(E2E_EMULATOR_URL);
    preview = await startPreviewServer({
      distDir,
      settings: { ...settings, emailOrigin: EMAILJS_ORIGIN },
      port: 0,
      tls: {
        key: await readFile(keyPath),
        cert: await readFile(certPath),
        redirectPort: 0,
      },
    });

    // The package fetches Chromium's HSTS preload list in a postinstall script, which
    // --ignore-scripts skips (and `npm ci` will too). An empty list keeps the scan offline:
    // 127.0.0.1 is on no preload list anyway.
    const preloadList = join(OBSERVATORY_DIR, "conf/hsts-preload.json");
    if (!existsSync(preloadList)) await writeFile(preloadList, "{}\n");
  });

  test.afterAll(async () => {
    await preview?.close();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  });

  test("plain HTTP answers 301 to the same path over HTTPS", async () => {
    if (!preview?.redirectUrl) throw new Error("the preview server has no redirect port");
    const httpsPort = new URL(preview.url).port;
    const response = await fetch(`${preview.redirectUrl}/success?from=http`, {
      redirect: "manual",
    });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(
      `https://127.0.0.1:${httpsPort}/success?from=http`,
    );
  });

  /**
   * The package's scan(host) always uses ports 80 and 443 (1.4.8 drops its options before
   * retrieving), so this runs the same steps as scan() with our two ports: retrieve, every test
   * in ALL_TESTS, then the score and grade. It runs in a child Node, because NODE_EXTRA_CA_CERTS
   * (to trust the certificate) is read only at start-up. Every request goes to 127.0.0.1.
   */
  const SCAN_SCRIPT = `
    import { retrieve } from "@mdn/mdn-http-observatory/src/retriever/retriever.js";
    import { ALL_TESTS, NUM_TESTS } from "@mdn/mdn-http-observatory/src/constants.js";
    import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from "@mdn/mdn-http-observatory/src/grader/charts.js";
    import { getGradeForScore, getScoreModifier } from "@mdn/mdn-http-observatory/src/grader/grader.js";
    const [host, httpPort, httpsPort] = process.argv.slice(1);
    const requests = await retrieve(host, { httpPort, httpsPort });
    if (!requests.responses.auto) throw new Error("the site seems to be down");
    const results = ALL_TESTS.map((check) => check(requests));
    let withExtraCredit = 100;
    let uncurved = 100;
    let passed = 0;
    const tests = {};
    for (const result of results) {
      const modifier = result.result ? getScoreModifier(result.result) : 0;
      withExtraCredit += modifier;
      if (modifier < 0) uncurved += modifier;
      if (result.pass) passed += 1;
      tests[result.constructor.name] = { pass: result.pass, result: result.result, modifier };
    }
    const score = uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved;
    const { grade } = getGradeForScore(score);
    console.log(JSON.stringify({
      grade, score, statusCode: requests.responses.auto.status,
      testsFailed: NUM_TESTS - passed, tests,
    }));
  `;

  test("grades the preview server A+", async () => {
    test.setTimeout(60_000);
    if (!preview?.redirectUrl) throw new Error("the preview server has no redirect port");
    const { NODE_OPTIONS: _ignored, ...env } = process.env;
    const { stdout } = await run(
      process.execPath,
      [
        "--input-type=module",
        "--eval",
        SCAN_SCRIPT,
        "127.0.0.1",
        new URL(preview.redirectUrl).port,
        new URL(preview.url).port,
      ],
      { cwd: root, env: { ...env, NODE_EXTRA_CA_CERTS: certPath }, timeout: 45_000 },
    );
    const scan = JSON.parse(stdout) as {
      grade: string;
      score: number;
      statusCode: number;
      tests: Record<string, { pass: boolean; result: string; modifier: number }>;
    };
    const summary = Object.entries(scan.tests).map(
      ([name, { pass, result, modifier }]) =>
        `${pass ? "pass" : "FAIL"} ${name}: ${result} (${modifier >= 0 ? "+" : ""}${modifier})`,
    );
    const report = `score ${scan.score}\n${summary.join("\n")}`;
    expect(scan.statusCode).toBe(200);
    // The certificate was trusted and the redirect seen, so HSTS and redirection were judged.
    expect(scan.tests.redirection?.result, report).toBe("redirection-to-https");
    expect(scan.tests["strict-transport-security"]?.result, report).toBe(
      "hsts-implemented-max-age-at-least-six-months",
    );
    expect(
      Object.entries(scan.tests)
        .filter(([, { pass }]) => !pass)
        .map(([name, { result }]) => `${name}: ${result}`),
      report,
    ).toEqual([]);
    expect(scan.grade, report).toBe("A+");
  });
});
