/**
 * How dependency-cruiser reads TypeScript (TypeScript 7 has no JS API for it). The plugin runs
 * before the preset and turns `import type` / `export type … from` into plain imports, so a type
 * pulled across a layer boundary is seen and judged like any other import.
 */
const keepTypeImports = () => ({
  visitor: {
    // On Program, so it runs before the TypeScript transform removes type-only imports there.
    Program(path) {
      for (const node of path.node.body) {
        if (node.importKind === "type") node.importKind = "value";
        if (node.exportKind === "type" && node.source) node.exportKind = "value";
        for (const specifier of node.specifiers ?? []) {
          if (specifier.importKind === "type") specifier.importKind = "value";
          if (specifier.exportKind === "type") specifier.exportKind = "value";
        }
      }
    },
  },
});

module.exports = {
  plugins: [keepTypeImports],
  presets: [
    ["@babel/preset-typescript", { isTSX: true, allExtensions: true, onlyRemoveTypeImports: true }],
  ],
};
