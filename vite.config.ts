import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";
import { buildTime } from "./scripts/build/build-time.ts";
import { devRenderPlugin } from "./scripts/build/dev-render-plugin.ts";
import { lazyImportsPlugin } from "./scripts/build/lazy-imports-plugin.ts";
import { lucideKeysPlugin } from "./scripts/build/lucide-keys-plugin.ts";
import { worldMapPlugin } from "./scripts/build/world-map-plugin.ts";
import { readAnalyticsConfig } from "./src/analytics/config.ts";
import { readBotCheckConfig, readEmailOrigin } from "./src/lib/config.ts";

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    tailwindcss(),
    worldMapPlugin(),
    devRenderPlugin(),
    lucideKeysPlugin(),
    lazyImportsPlugin(),
  ],
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      // wouter's stand-in for React 17's missing hook: React 19 has it (saves the shim's bytes).
      "use-sync-external-store/shim/index.js": fileURLToPath(
        new URL("./src/lib/use-sync-external-store.ts", import.meta.url),
      ),
    },
  },
  define: {
    // The footer prerenders the build's year; the browser moves it on after hydration (see
    // use-current-year).
    __BUILD_YEAR__: JSON.stringify(buildTime().getFullYear()),
    // The origin VITE_EMAILJS_ORIGIN names, parsed here: the browser ships it, and no parser.
    __EMAILJS_ORIGIN__: JSON.stringify(readEmailOrigin(buildEnv(mode))),
    // Constants, not import.meta.env reads: a build without the site key folds every use of the
    // bot check away, dynamic import included, and is byte for byte a build without the feature.
    ...botCheckConstants(mode),
    // The same for the field signals: a build without VITE_PLAUSIBLE_DOMAIN carries none of them.
    ...analyticsConstants(mode),
  },
  // The prerender reads the entry script and CSS from the manifest (scripts/build/prerender.ts).
  build: {
    target: "es2022",
    assetsInlineLimit: 0,
    manifest: true,
    // No modulepreload polyfill (every browser we serve has modulepreload) and no preloading of a
    // lazy chunk's dependencies: the app preloads what a send needs itself, at idle
    // (src/app/start-up/loader-settings.ts).
    modulePreload: false,
    rolldownOptions: {
      // Radix's packages name each function with a top-level `__name(fn, "name")` call, which keeps
      // every function alive whether used or not: said pure, the unused ones go (about 4 KB of the
      // toaster and its shared parts, in brotli and gzip). Each lucide icon module builds its React
      // component at load (`createLucideIcon(__iconData)`); the site draws only `__iconData`
      // (src/components/ui/icon.tsx), so said pure, the component and lucide's machinery go (about
      // 1.3 KB gzip of the app's chunk).
      treeshake: { manualPureFunctions: ["__name", "createLucideIcon"] },
      output: {
        // The entry chunk (React, the start-up and the form) is all needed as soon as the app
        // starts: V8's explicit compile hint has Chromium compile every function of it while the
        // file streams in, on a background thread, not lazily on the main thread when each is
        // first called (docs/performance.md). The lazy chunks compile at idle, as they are. Added
        // after minification, which keeps no comment.
        postBanner: (chunk) => (chunk.isEntry ? "//# allFunctionsCalledOnLoad" : ""),
      },
    },
    // The bundler's own minifier: about 1% more in brotli than Terser's two passes (1 KB of the
    // landing page's 83, within its budget, scripts/bench/budgets.ts), for a client build about
    // four times as quick (1.3 s against 5.3 here), each of the test stack's five builds included.
    minify: "oxc",
  },
  server: {
    host: "127.0.0.1",
    // Build output, test runs and the outbox change often and are never app source.
    watch: {
      ignored: [
        "**/dist/**",
        "**/dist-ssr/**",
        "**/.e2e/**",
        "**/reports/**",
        "**/.outbox/**",
        "**/.local-stack/**",
      ],
    },
  },
  preview: { host: "127.0.0.1" },
}));

const buildEnv = (mode: string) =>
  loadEnv(mode, fileURLToPath(new URL(".", import.meta.url)), "VITE_");

function analyticsConstants(mode: string) {
  const analytics = readAnalyticsConfig(buildEnv(mode));
  return {
    __ANALYTICS_ON__: JSON.stringify(analytics.on),
    __PLAUSIBLE_DOMAIN__: JSON.stringify(analytics.domain),
    __PLAUSIBLE_ENDPOINT__: JSON.stringify(analytics.endpoint),
    __PLAUSIBLE_LOCAL__: JSON.stringify(analytics.local),
  };
}

function botCheckConstants(mode: string) {
  const botCheck = readBotCheckConfig(buildEnv(mode));
  return {
    __BOT_CHECK_ON__: JSON.stringify(botCheck.on),
    __RECAPTCHA_SITE_KEY__: JSON.stringify(botCheck.siteKey),
    __RECAPTCHA_ORIGIN__: JSON.stringify(botCheck.origin),
  };
}
