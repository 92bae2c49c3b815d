/**
 * The content blockers' default filter lists, as pinned packages ship them, each with its title
 * (its own `! Title:` line) and where it came from: uBlock Origin's defaults from Debian's
 * uBlock Origin package (EasyList, EasyPrivacy and uBlock's own lists; fetched with apt-get into
 * .e2e/blockers/ the first time), AdGuard Base and AdGuard Tracking Protection from
 * @adguard/dnr-rulesets (each ruleset's metadata carries the list it was built from). Ghostery's
 * adblocker packages on npm ship no list (they fetch them at run time), so Debian's package brings
 * EasyList and EasyPrivacy. Peter Lowe's list is in neither (Debian's package leaves it out).
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");

/** Debian's uBlock Origin, pinned: the package and version apt-get fetches. */
const UBLOCK_PACKAGE = "webext-ublock-origin-chromium";
const UBLOCK_VERSION = "1.67.0+dfsg-1~deb12u1";
const UBLOCK_ASSETS = "usr/share/chromium/extensions/ublock-origin/assets";
/** uBlock Origin's default lists that its package ships, under its assets folder. */
const UBLOCK_LISTS = [
  "thirdparties/easylist/easylist.txt",
  "thirdparties/easylist/easyprivacy.txt",
  "ublock/filters.min.txt",
  "ublock/privacy.min.txt",
  "ublock/badware.min.txt",
  "ublock/quick-fixes.min.txt",
  "thirdparties/urlhaus-filter/urlhaus-filter-online.txt",
];

/** AdGuard's filters in @adguard/dnr-rulesets, by id: Base (with EasyList), Tracking Protection. */
const ADGUARD_FILTERS = [2, 3];

export type FilterList = { title: string; source: string; text: string };

function titleOf(text: string, source: string): string {
  const title = /^! Title: (.+)$/m.exec(text)?.[1]?.trim();
  if (!title) throw new Error(`${source} has no "! Title:" line`);
  return title;
}

/** Runs a command in `cwd`; its error output is kept for the message if it fails. */
function run(command: string, args: string[], cwd: string): { ok: boolean; said: string } {
  const result = spawnSync(command, args, { cwd, encoding: "utf8" });
  return { ok: result.status === 0, said: `${result.stderr ?? ""}${result.error ?? ""}`.trim() };
}

/** The folder Debian's package is unpacked into, fetching it first if it is not there yet. */
function ublockFolder(): string {
  const parent = resolve(root, ".e2e/blockers");
  const folder = join(parent, `${UBLOCK_PACKAGE}_${UBLOCK_VERSION}`);
  if (existsSync(join(folder, UBLOCK_ASSETS))) return folder;
  mkdirSync(parent, { recursive: true });
  const work = mkdtempSync(join(parent, "fetch-"));
  try {
    const asked = `${UBLOCK_PACKAGE}=${UBLOCK_VERSION}`;
    let fetched = run("apt-get", ["download", "-qq", asked], work);
    // A fresh machine has no package index yet: as root, fetch it once and try again.
    if (!fetched.ok && process.getuid?.() === 0 && run("apt-get", ["update", "-qq"], work).ok) {
      fetched = run("apt-get", ["download", "-qq", asked], work);
    }
    const deb = readdirSync(work).find((name) => name.endsWith(".deb"));
    const unpacked = deb ? run("dpkg-deb", ["-x", deb, "unpacked"], work) : fetched;
    if (!fetched.ok || !deb || !unpacked.ok) {
      throw new Error(
        `apt-get download ${asked} failed (${fetched.said || unpacked.said}): Debian's package ` +
          "index must offer that version (as root, this fetches the index first); " +
          "tests/blockers/lists.ts pins it.",
      );
    }
    renameSync(join(work, "unpacked"), folder);
    return folder;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function ublockLists(): FilterList[] {
  const assets = join(ublockFolder(), UBLOCK_ASSETS);
  return UBLOCK_LISTS.map((path) => {
    const source = `${UBLOCK_PACKAGE} ${UBLOCK_VERSION}, assets/${path}`;
    const text = readFileSync(join(assets, path), "utf8");
    return { title: titleOf(text, source), source, text };
  });
}

function adguardLists(): FilterList[] {
  // Its package exports none of its files: they are read where this folder's install put them.
  const folder = resolve(import.meta.dirname, "node_modules/@adguard/dnr-rulesets");
  const rulesets = join(folder, "dist/filters/declarative");
  const { version } = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as {
    version: string;
  };
  return ADGUARD_FILTERS.map((id) => {
    const path = join(rulesets, `ruleset_${id}`, `ruleset_${id}.json`);
    const [first] = JSON.parse(readFileSync(path, "utf8")) as {
      metadata?: { rawFilterList?: string };
    }[];
    const source = `@adguard/dnr-rulesets ${version}, ruleset_${id}`;
    const text = first?.metadata?.rawFilterList;
    if (!text) throw new Error(`${source} carries no filter list in its metadata`);
    return { title: titleOf(text, source), source, text };
  });
}

/** Every default list this machine has, uBlock Origin's then AdGuard's. */
export function defaultLists(): FilterList[] {
  return [...ublockLists(), ...adguardLists()];
}
