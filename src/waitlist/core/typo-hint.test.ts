/**
 * The typo hint's check on its corpus (typo-hint.test-corpus.ts): no hint for any real, valid domain, and
 * the generated slips hinted with the correction each should get, at least 90% of them, none with
 * a wrong one. Its lists are checked against every top-level domain (the `tlds` package, the IANA
 * list), so a real ending near a common one is never taken for a slip.
 */
import tlds from "tlds";
import { describe, expect, it } from "vitest";
import { isValidEmail } from "./email-validation";
import { COMMON_ENDINGS, KNOWN_DOMAINS, PROVIDERS, REAL_ENDINGS_NEAR_COMMON } from "./typo-domains";
import { correctedAddress, oneEditApart } from "./typo-hint";
import {
  generatedSlips,
  keyboardNeighbours,
  REAL_DOMAINS,
  type Slip,
  shortNameSlips,
  slipsOf,
  VALID_DOMAINS,
} from "./typo-hint.test-corpus";

const realEndings = new Set(tlds);
const endingOf = (domain: string) => domain.slice(domain.lastIndexOf(".") + 1);

describe("oneEditApart", () => {
  it.each([
    ["gmail", "gmial", "swapped"],
    ["gmail", "gmai", "dropped at the end"],
    ["gmail", "mail", "dropped at the start"],
    ["gmail", "gmaill", "doubled"],
    ["gmail", "gmakl", "replaced"],
    ["com", "cmo", "swapped at the end"],
    ["com", "ocm", "swapped at the start"],
    ["de", "ed", "two letters swapped"],
    ["a", "", "dropped to nothing"],
  ])("%s and %s: one edit (%s)", (a, b) => {
    expect(oneEditApart(a, b)).toBe(true);
    expect(oneEditApart(b, a)).toBe(true);
  });

  it.each([
    ["gmail", "gmail", "the same"],
    ["gmail", "gmx", "three edits"],
    ["gmail", "gmaiil1", "two added"],
    ["com", "mco", "a letter moved two places"],
    ["com", "cpn", "two replaced"],
    ["abc", "cba", "first and last swapped"],
    ["gmail", "mgali", "two swaps"],
  ])("%s and %s: not one edit (%s)", (a, b) => {
    expect(oneEditApart(a, b)).toBe(false);
    expect(oneEditApart(b, a)).toBe(false);
  });
});

describe("correctedAddress", () => {
  it.each([
    ["jane@acme.con", "jane@acme.com"],
    ["jane@acme.cmo", "jane@acme.com"],
    ["jane@acme.ocm", "jane@acme.com"],
    ["jane@acme.comm", "jane@acme.com"],
    ["jane@acme.nte", "jane@acme.net"],
    ["jane@acme.ogr", "jane@acme.org"],
    ["jane@acme.dee", "jane@acme.de"],
    ["jane@acme.co.ul", "jane@acme.co.uk"],
    ["jane@mail.acme.con", "jane@mail.acme.com"],
    ["jane@outlook.cmo", "jane@outlook.com"],
    ["jane@gmial.com", "jane@gmail.com"],
    ["jane@gmail.co", "jane@gmail.com"],
    ["jane@icloud.co", "jane@icloud.com"],
    ["jane@hotmial.de", "jane@hotmail.de"],
    ["jane@yahoo.cm", "jane@yahoo.com"],
    ["jane@aol.co", "jane@aol.com"],
    // Two slips, one in each part.
    ["jane@gmial.con", "jane@gmail.com"],
  ])("%s: %s", (typed, corrected) => {
    expect(correctedAddress(typed)).toBe(corrected);
  });

  it("keeps the local part as typed and gives the domain in lower case", () => {
    expect(correctedAddress("Jane.Doe+news@GMIAL.com")).toBe("Jane.Doe+news@gmail.com");
    expect(correctedAddress('"a@b"@acme.con')).toBe('"a@b"@acme.com');
  });

  it.each([
    "jane@o2.de",
    "jane@t-online.de",
    "jane@posteo.de",
    "jane@proton.me",
    "jane@hey.com",
    "jane@fastmail.fm",
    "jane@bulwark.security",
    "jane@acme.co",
    "jane@acme.cm",
    "jane@gmail.com",
    "jane@ymail.com",
    "jane@yahoo.dk",
    "jane@xn--bcher-kva.de",
  ])("never questions %s", (email) => {
    expect(correctedAddress(email)).toBeUndefined();
  });

  it("offers nothing where two corrections are as likely", () => {
    // io or uk; com or io; net or de.
    expect(correctedAddress("jane@acme.ik")).toBeUndefined();
    expect(correctedAddress("jane@acme.iom")).toBeUndefined();
    expect(correctedAddress("jane@acme.det")).toBeUndefined();
  });

  it("corrects a short provider's name only in its ending: one edit from it is often a company", () => {
    expect(correctedAddress("jane@aoll.com")).toBeUndefined();
    expect(correctedAddress("jane@gnx.de")).toBeUndefined();
  });
});

describe("the lists", () => {
  it("hold every real ending one edit from a common one, and nothing else", () => {
    const near = [...realEndings].filter((ending) =>
      COMMON_ENDINGS.some((common) => oneEditApart(ending, common)),
    );
    const notCommon = near.filter((ending) => !COMMON_ENDINGS.includes(ending));
    expect([...REAL_ENDINGS_NEAR_COMMON].sort()).toEqual(notCommon.sort());
  });

  it("name real endings only", () => {
    const endings = [
      ...COMMON_ENDINGS,
      ...Object.values(PROVIDERS).flatMap((list) => list.split(" ").map(endingOf)),
      ...KNOWN_DOMAINS.map(endingOf),
    ];
    expect(endings.filter((ending) => !realEndings.has(ending))).toEqual([]);
  });
});

describe("the corpus", () => {
  const valid = new Set(VALID_DOMAINS);
  /**
   * A slip counts where it is one: not a valid domain of the corpus, a valid address, and not a real
   * ending where no provider the hint knows owns the name (`acme.co` may be a company's).
   */
  const counted = (all: Slip[]): Slip[] => [
    ...new Map(
      all
        .filter(({ slip }) => !valid.has(slip) && isValidEmail(`jane@${slip}`))
        .filter(
          ({ slip, expected, where }) =>
            where === "name" ||
            !realEndings.has(endingOf(slip)) ||
            (expected.split(".")[0] ?? "") in PROVIDERS,
        )
        .map((slip) => [slip.slip, slip]),
    ).values(),
  ];
  const slips = counted(generatedSlips());

  it("slips each letter as the test intends: a keyboard's neighbours, four kinds", () => {
    expect(keyboardNeighbours("g")).toEqual(["f", "h", "t", "y", "v", "b"]);
    expect(keyboardNeighbours("q")).toEqual(["w", "a"]);
    expect(keyboardNeighbours("m")).toEqual(["n", "j", "k"]);
    const slipsOfCom =
      "ocm om ccom xom vom dom fom cmo cm coom cim cpm ckm clm co comm con coj cok";
    expect(slipsOf("com").map(({ slip }) => slip)).toEqual(slipsOfCom.split(" "));
  });

  it("has at least 200 real, valid domains and none gets a hint", () => {
    expect(REAL_DOMAINS.length).toBeGreaterThanOrEqual(200);
    expect(VALID_DOMAINS.filter((domain) => !isValidEmail(`jane@${domain}`))).toEqual([]);
    expect(VALID_DOMAINS.filter((domain) => !realEndings.has(endingOf(domain)))).toEqual([]);
    const hinted = VALID_DOMAINS.filter((domain) => correctedAddress(`jane@${domain}`));
    expect(hinted).toEqual([]);
  });

  it("hints at least 90% of at least 200 slips with their correction, and never a wrong one", () => {
    expect(slips.length).toBeGreaterThanOrEqual(200);
    const results = slips.map((slip) => ({ ...slip, got: correctedAddress(`jane@${slip.slip}`) }));
    const right = results.filter(({ got, expected }) => got === `jane@${expected}`);
    const wrong = results.filter(({ got, expected }) => got && got !== `jane@${expected}`);
    const short = counted(shortNameSlips()).filter(
      ({ slip }) => !slips.some((s) => s.slip === slip),
    );
    const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;
    console.info(
      `typo hint: ${VALID_DOMAINS.length} valid domains (${REAL_DOMAINS.length} real), 0 hinted; ` +
        `${right.length} of ${slips.length} slips hinted right (${percent(right.length, slips.length)}); ` +
        `with the ${short.length} name slips of aol, gmx and web, left alone: ` +
        percent(right.length, slips.length + short.length),
    );
    expect(wrong.map(({ slip, got }) => `${slip} → ${got}`)).toEqual([]);
    expect(right.length / slips.length).toBeGreaterThanOrEqual(0.9);
  });
});
