/**
 * Builds the site: the client bundle into <out>/dist, the server bundle into <out>/dist-ssr, then
 * prerendered HTML. Run: npm run build (production) or npm run build:local (the local emulator).
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { build, type InlineConfig, loadEnv } from "vite";
import { readAnalyticsConfig } from "../../src/analytics/config";
import {
  LOCAL_MODE,
  readBotCheckConfig,
  readEmailConfig,
  settingOrigin,
} from "../../src/lib/config";
import {
  missingPrivacySettingsWarning,
  readTrustSettings,
  TrustSettingError,
} from "../../src/lib/trust-settings";
import { directEndpointWarning, UNBLOCKED_ENDPOINT_PATH } from "./blocked-endpoint";
import { buildTime } from "./build-time";
import { EmailBuildError, writeEmailsForBuild } from "./emails";
import { builtFileAt } from "./endpoint-path";
import { besideDistFiles, hostFiles, NETLIFY_EDGE_FUNCTION_FILE } from "./host-files";
import { BUILD_SETTINGS_FILE } from "./http-headers";
import { PrerenderError, prerender } from "./prerender";
import { buildSettingFaults, type ProductionBuildOptions } from "./production-settings";
import { writeSecurityTxt } from "./security-txt";
import { writeSeoAssets } from "./seo-assets";
import { staticContentGuard } from "./static-content-guard";

const FALLBACK_SITE_URL = "http://127.0.0.1:4173";
const root = resolve(import.meta.dirname, "../..");

export class BuildSettingsError extends Error {}

/**
 * Every build but the local one refuses a form that cannot work: without the EmailJS ids or
 * SITE_URL, or with a setting a visitor's browser could not use from the public site
 * (scripts/build/production-settings.ts); the local one, against the emulator, refuses only what
 * breaks the site itself. An unknown mode is refused: none passes unchecked. Every fault is named,
 * one line each.
 */
export function checkBuildEnv(
  mode: string,
  env: Record<string, string | undefined>,
  options: ProductionBuildOptions = {},
): void {
  const faults = buildSettingFaults(mode, env, options);
  if (faults.length > 0) throw new BuildSettingsError(faults.join("\n"));
}

/**
 * The privacy notice's and the footer's settings. Unset ones are warned about, by name (the page
 * then uses neutral wording); an unusable one stops the build.
 */
export function readTrustSettingsForBuild(
  env: Record<string, string | undefined>,
  warn: (message: string) => void = console.warn,
) {
  try {
    const { settings, missing } = readTrustSettings(env);
    if (missing.length > 0) warn(missingPrivacySettingsWarning(missing));
    return settings;
  } catch (error) {
    if (error instanceof TrustSettingError)
      throw new BuildSettingsError(`Build stopped: ${error.message}`);
    throw error;
  }
}

/** The server bundle's build: the prerender imports it, and checks what its StaticContent holds. */
export function serverBuild(mode: string, outDir: string): InlineConfig {
  return {
    root,
    mode,
    logLevel: "warn",
    // Marks what StaticContent holds (the source maps name the files), for the prerender to refuse
    // a control there.
    plugins: [staticContentGuard()],
    build: {
      ssr: "src/entry-server.tsx",
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
      sourcemap: true,
      // Never sent to a browser: Terser's passes on it (vite.config.ts) would cost every build
      // about a second and a half of CPU for nothing.
      minify: false,
    },
  };
}

/**
 * Builds the site. `localServices` is for the test stacks' production builds alone, against the
 * emulator on this machine (docs/configuration.md, "Production builds on this machine"); the command
 * line has no way to set it.
 */
export async function buildSite({
  mode,
  outDir,
  localServices = false,
}: {
  mode: string;
  outDir: string;
} & ProductionBuildOptions) {
  const env = loadEnv(mode, root, "");
  // Every setting is read before the guard may stop the build, so one run names all that is missing.
  const trust = readTrustSettingsForBuild(env);
  // Events a deploy sends to Plausible's own address, which the default blocker lists stop.
  const direct = mode === LOCAL_MODE ? null : directEndpointWarning(env);
  if (direct) console.warn(direct);
  checkBuildEnv(mode, env, { localServices });
  // The origin, as the check judged it: a production build refuses a SITE_URL written otherwise.
  const siteUrl = settingOrigin(env.SITE_URL?.trim() || FALLBACK_SITE_URL);
  if (!env.SITE_URL?.trim()) {
    console.warn(`SITE_URL is not set: canonical and sharing links will use ${siteUrl}.`);
  }
  const distDir = resolve(outDir, "dist");
  const ssrDir = resolve(outDir, "dist-ssr");
  await build({ root, mode, logLevel: "warn", build: { outDir: distDir, emptyOutDir: true } });
  await build(serverBuild(mode, ssrDir));
  const { pages, settings: pageSettings } = await prerender({
    distDir,
    serverEntry: resolve(ssrDir, "entry-server.js"),
    siteUrl,
    giveUpMs: readEmailConfig({ ...env, MODE: mode }).timeoutMs,
    trust,
  });
  // The bot check's origin and the field signals' endpoint, only where each is on: the CSP gains
  // their sources in that build alone.
  const botCheck = readBotCheckConfig(env);
  const analytics = readAnalyticsConfig(env);
  const settings = {
    ...pageSettings,
    ...(botCheck.on ? { recaptchaOrigin: botCheck.origin } : {}),
    ...(analytics.connectOrigin ? { analyticsOrigin: analytics.connectOrigin } : {}),
    // A first-party endpoint: the deploy files forward it to the upstream
    // (scripts/build/host-files.ts).
    ...(analytics.on && analytics.firstParty
      ? {
          analyticsProxy: {
            path: analytics.endpoint,
            upstream: analytics.upstream,
            domain: analytics.domain,
          },
        }
      : {}),
  };
  await writeSeoAssets({ distDir, siteUrl });
  await writeSecurityTxt({ distDir, contact: env.SECURITY_CONTACT, siteUrl, now: buildTime(env) });
  // The settings check knew the pages and files by their lists; dist/ is the proof.
  if (settings.analyticsProxy && (await builtFileAt(distDir, settings.analyticsProxy.path))) {
    throw new BuildSettingsError(
      `Build stopped: VITE_PLAUSIBLE_ENDPOINT is ${settings.analyticsProxy.path}, a file this ` +
        "build writes: the hosts would forward it to Plausible instead of serving it. Set it to " +
        `a path of its own, such as ${UNBLOCKED_ENDPOINT_PATH} (or unset it).`,
    );
  }
  await writeFile(resolve(outDir, BUILD_SETTINGS_FILE), `${JSON.stringify(settings, null, 2)}\n`);
  // Deploy files for static hosts, from the same header list the preview server sends; a setting
  // no host's rule could carry (the field signals' proxy) stops the build in one line.
  let files: Awaited<ReturnType<typeof hostFiles>>;
  let beside: Awaited<ReturnType<typeof besideDistFiles>>;
  try {
    files = await hostFiles(settings);
    beside = await besideDistFiles(settings);
  } catch (error) {
    throw new BuildSettingsError(`Build stopped: ${(error as Error).message}`);
  }
  for (const [name, text] of Object.entries(files)) {
    await writeFile(resolve(distDir, name), text);
  }
  // Netlify's edge function lives beside dist/: one an earlier build left goes with the proxy.
  await rm(resolve(outDir, NETLIFY_EDGE_FUNCTION_FILE), { force: true });
  for (const [path, text] of Object.entries(beside)) {
    await mkdir(dirname(resolve(outDir, path)), { recursive: true });
    await writeFile(resolve(outDir, path), text);
  }
  // The emails to paste into EmailJS, beside dist/, never in it: a host serves all of dist/.
  if (mode !== LOCAL_MODE) await writeEmailsForBuild(env, outDir);
  return { distDir, ssrDir, pages };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: {
      mode: { type: "string", default: "production" },
      "out-dir": { type: "string", default: root },
    },
  });
  const mode = values.mode ?? "production";
  try {
    const { distDir, pages } = await buildSite({ mode, outDir: values["out-dir"] ?? root });
    console.log(`Built the ${mode} site into ${distDir}: ${pages.join(", ")}`);
  } catch (error) {
    const known = [BuildSettingsError, PrerenderError, EmailBuildError];
    if (!(error instanceof Error && known.some((kind) => error instanceof kind))) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
