/**
 * The one-way imports of the source layers (ARCHITECTURE.md, "Layers"): app -> sections ->
 * waitlist/ui -> components -> components/ui, every layer may use lib, analytics (the field
 * signals), hooks and content, never the other way; no cycles. Inside src/waitlist: ui -> browser -> core, ui and browser -> hand-over,
 * and the rest of the site comes in through a few entry points; the site's start-up
 * (src/app/start-up/) carries the hand-over only. Run by `npm run check`.
 */
const layer = (path) => `^src/${path}`;
const waitlist = (path) => `^src/waitlist/${path}`;
/** Unit tests sit beside their module and may reach for its test doubles and packages. */
const TEST = "\\.test\\.ts$";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "ui-knows-no-brand",
      comment: "Primitives are brand-free: no copy, no Bulwark pieces, no sections or pages.",
      severity: "error",
      from: { path: layer("components/ui/") },
      to: {
        path: [
          layer("content/"),
          layer("components/(?!ui/)"),
          layer("waitlist/"),
          layer("sections/"),
          layer("app/"),
        ],
      },
    },
    {
      name: "components-below-sections",
      comment:
        "Components sit below the waitlist's ui too: the waitlist uses them, not the other way.",
      severity: "error",
      from: { path: layer("components/") },
      to: { path: [layer("waitlist/"), layer("sections/"), layer("app/")] },
    },
    {
      name: "sections-below-app",
      severity: "error",
      from: { path: layer("sections/") },
      to: { path: layer("app/") },
    },
    {
      name: "lib-hooks-content-at-the-bottom",
      comment: "lib, hooks and content serve every layer and use none of the layers above them.",
      severity: "error",
      from: { path: [layer("lib/"), layer("hooks/"), layer("content/")] },
      to: {
        path: [
          layer("analytics/"),
          layer("components/"),
          layer("waitlist/"),
          layer("sections/"),
          layer("app/"),
        ],
      },
    },
    {
      name: "analytics-beside-lib",
      comment:
        "The field signals (src/analytics/) serve every layer as src/lib does: they use only themselves, src/lib and the list of paths, never the waitlist (its signup adapter, src/waitlist/browser/signup-signals.ts, calls them) nor any layer above.",
      severity: "error",
      from: { path: layer("analytics/"), pathNot: TEST },
      to: {
        path: "^src/",
        pathNot: [layer("analytics/"), layer("lib/"), layer("site-paths\\.ts$")],
      },
    },
    {
      name: "analytics-without-react",
      severity: "error",
      from: { path: layer("analytics/"), pathNot: TEST },
      to: { path: "^node_modules/(react|react-dom|wouter)/" },
    },
    {
      name: "content-is-data",
      severity: "error",
      from: { path: layer("content/") },
      to: { path: [layer("lib/"), layer("hooks/")] },
    },
    {
      name: "site-paths-stand-alone",
      comment:
        "The one list of paths (src/site-paths.ts) is read by every layer, the build, the servers and the tests: it imports nothing, so any of them may import it.",
      severity: "error",
      from: { path: layer("site-paths\\.ts$") },
      to: {},
    },
    {
      name: "waitlist-core-is-pure",
      comment:
        "The waitlist's delivery rules take the browser as parameters (ARCHITECTURE.md): src/waitlist/core/ imports nothing outside itself, no React, no package.",
      severity: "error",
      from: { path: waitlist("core/"), pathNot: TEST },
      to: { pathNot: waitlist("core/") },
    },
    {
      name: "waitlist-hand-over-stands-alone",
      comment: "The contract between the inline loader and the app imports nothing.",
      severity: "error",
      from: { path: waitlist("hand-over/"), pathNot: TEST },
      to: { pathNot: waitlist("hand-over/") },
    },
    {
      name: "loader-imports-only-the-hand-over",
      comment:
        "The inline loader is in every page's first packet: of the waitlist it carries only the early-submit hand-over.",
      severity: "error",
      from: { path: layer("app/start-up/inline-loader\\.ts$") },
      to: { pathNot: waitlist("hand-over/") },
    },
    {
      name: "start-up-stays-small",
      comment:
        "The site's start-up (the inline loader and the settings it hands the app) uses only itself and the hand-over.",
      severity: "error",
      from: { path: layer("app/start-up/"), pathNot: TEST },
      to: { pathNot: [layer("app/start-up/"), waitlist("hand-over/")] },
    },
    {
      name: "waitlist-browser-adapters",
      comment:
        "The adapters wire the core to the browser and EmailJS: they use the core, the hand-over, the waitlist's texts, src/lib (config, retried imports), the field signals (src/analytics) and packages, never React or the ui.",
      severity: "error",
      from: { path: waitlist("browser/"), pathNot: TEST },
      to: {
        path: "^src/",
        pathNot: [
          waitlist("(core|hand-over|browser)/"),
          waitlist("texts\\.ts$"),
          layer("lib/"),
          layer("analytics/"),
          layer("site-paths\\.ts$"),
        ],
      },
    },
    {
      name: "waitlist-browser-without-react",
      severity: "error",
      from: { path: waitlist("browser/"), pathNot: TEST },
      to: { path: "^node_modules/(react|react-dom|wouter)/" },
    },
    {
      name: "waitlist-texts-are-data",
      severity: "error",
      from: { path: waitlist("texts\\.ts$") },
      to: { path: "^src/" },
    },
    {
      name: "waitlist-ui-on-top",
      comment: "Nothing in the waitlist but its ui imports the ui.",
      severity: "error",
      from: { path: waitlist(""), pathNot: waitlist("ui/") },
      to: { path: waitlist("ui/") },
    },
    {
      name: "waitlist-form-through-its-hook",
      comment:
        "The form reaches the signup, the bot check and the field signals through its hook (use-waitlist-signup.ts) only: it draws a FormStatus and hands the hook its elements.",
      severity: "error",
      from: { path: waitlist("ui/waitlist-form\\.tsx$") },
      to: { path: [waitlist("browser/"), layer("analytics/")] },
    },
    {
      name: "waitlist-ui-below-sections",
      comment:
        "The waitlist's ui sits between sections and components: it may use components, hooks, lib, content and the rest of the waitlist, never sections or the app (the inline loader included).",
      severity: "error",
      from: { path: waitlist("ui/") },
      to: { path: [layer("sections/"), layer("app/")] },
    },
    {
      name: "waitlist-entry-points",
      comment:
        "The rest of the site uses the waitlist through its ui, the hand-over, storage that never throws (shieldStorage) and the conversion event only.",
      severity: "error",
      from: { path: "^src/", pathNot: [waitlist(""), TEST] },
      to: {
        path: waitlist(""),
        pathNot: [
          waitlist("(ui|hand-over)/"),
          waitlist("browser/(browser-storage|conversion)\\.ts$"),
        ],
      },
    },
    {
      name: "src-stands-alone",
      comment:
        "The site's source never reaches into the emails, the build scripts, the servers or the tests.",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^(emails|scripts|server|tests)/" },
    },
    {
      name: "browser-tests-read-copy-only",
      comment:
        "The browser tests (the dev-mode check among them; and the other engines' journeys) read the site's copy from src/content/ and its paths from src/site-paths.ts, nothing else of src/: the fixed words and the waitlist's messages they type once in tests/e2e/support/words.ts (docs/behaviour.md, \"Fixed words\").",
      severity: "error",
      from: { path: "^tests/(e2e|engines)/" },
      to: { path: "^src/", pathNot: ["^src/content/", "^src/site-paths\\.ts$"] },
    },
    {
      name: "emails-stay-out-of-the-browser",
      comment:
        "The emails' renderers (React Email, Mustache) are build and emulator tools: nothing in src/ imports them.",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^node_modules/(@react-email|mustache)/" },
    },
    {
      name: "emails-render-apart",
      comment:
        "The build, the emulator and the tests' servers render the emails in a worker (emails/render-apart.ts): loading React Email in their own process would load a second React mode beside the site's.",
      severity: "error",
      from: { path: "^(scripts|server|tests)/", pathNot: TEST },
      to: { path: "^emails/(render-templates|team-notification|visitor-confirmation|email-frame)" },
    },
    {
      name: "emails-read-content-only",
      comment:
        "The emails take their words and settings from src/content and the trust settings, nothing else of the site.",
      severity: "error",
      from: { path: "^emails/" },
      to: {
        path: "^src/",
        pathNot: ["^src/content/", "^src/lib/trust-settings\\.ts$"],
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsConfig: { fileName: "tsconfig.json" },
    // TypeScript 7 has no JS API for dependency-cruiser to parse with: Babel reads the TypeScript.
    babelConfig: { fileName: ".babelrc.dependency-cruiser.cjs" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".json"] },
  },
};
