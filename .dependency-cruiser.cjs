/**
 * The one-way imports of the source layers (README, "Folders"): app -> sections -> components ->
 * components/ui, every layer may use lib, hooks and content, never the other way; no cycles.
 * Run by `npm run check`.
 */
const layer = (path) => `^src/${path}`;

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
        path: [layer("content/"), layer("components/(?!ui/)"), layer("sections/"), layer("app/")],
      },
    },
    {
      name: "components-below-sections",
      severity: "error",
      from: { path: layer("components/") },
      to: { path: [layer("sections/"), layer("app/")] },
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
      to: { path: [layer("components/"), layer("sections/"), layer("app/")] },
    },
    {
      name: "content-is-data",
      severity: "error",
      from: { path: layer("content/") },
      to: { path: [layer("lib/"), layer("hooks/")] },
    },
    {
      name: "delivery-core-is-pure",
      comment:
        "The waitlist's delivery rules take the browser as parameters: they import nothing but each other and the KeyValueStore type (ARCHITECTURE.md). Babel, which parses for dependency-cruiser here, does not tell type imports apart, so browser-storage.ts is let through by name.",
      severity: "error",
      from: {
        path: "^src/lib/signup/(waitlist-signup|retry-policy|signup-memory|tab-lock|clock|early-submit)\\.ts$",
      },
      to: { pathNot: ["^src/lib/signup/", "^src/lib/browser-storage\\.ts$"] },
    },
    {
      name: "loader-imports-only-the-hand-over",
      comment:
        "The inline loader is in every page's first packet: it imports only its contract with the app.",
      severity: "error",
      from: { path: "^src/inline-loader\\.ts$" },
      to: { pathNot: "^src/lib/signup/early-submit\\.ts$" },
    },
    {
      name: "src-stands-alone",
      comment: "The site's source never reaches into the build scripts, the servers or the tests.",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^(scripts|server|tests)/" },
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
