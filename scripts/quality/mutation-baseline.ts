/**
 * Readies Stryker's incremental file (stryker.config.mjs, `incrementalFile`) to be committed: the
 * one field that names this machine, the project's absolute path, is dropped (Stryker does not need
 * it to reuse a result). Run by npm run test:mutation after `stryker run`.
 */
import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";

const BASELINE = resolve(import.meta.dirname, "../../tests/mutation/incremental.json");

const report = JSON.parse(await readFile(BASELINE, "utf8")) as Record<string, unknown>;
delete report.projectRoot;
await writeFile(BASELINE, `${JSON.stringify(report, null, 2)}\n`);
