/** The typo hint's check, pure, a chunk of its own: docs/behaviour.md, "Typo hint". */
import { COMMON_ENDINGS, KNOWN_DOMAINS, PROVIDERS, REAL_ENDINGS_NEAR_COMMON } from "./typo-domains";

/** One letter replaced, dropped, added, or swapped with the next turns `a` into `b`. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  let i = 0;
  while (a[i] === b[i]) i++;
  return (
    a.slice(i + 1) === b.slice(i + 1) ||
    a.slice(i) === b.slice(i + 1) ||
    a.slice(i + 1) === b.slice(i) ||
    (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
  );
}

/** Shorter names are corrected only in their ending: one edit from `aol` is often a company's. */
const MIN_CORRECTED_NAME = 5;

/** The one distinct candidate, or undefined. */
function only(candidates: string[]): string | undefined {
  return new Set(candidates).size === 1 ? candidates[0] : undefined;
}

/** `domain` with its last label, when it is no top-level domain, put right. */
function withEnding(domain: string): string {
  const dot = domain.lastIndexOf(".");
  const ending = domain.slice(dot + 1);
  if (COMMON_ENDINGS.includes(ending) || REAL_ENDINGS_NEAR_COMMON.includes(ending)) return domain;
  const fixed = only(COMMON_ENDINGS.filter((common) => oneEditApart(ending, common)));
  return fixed ? `${domain.slice(0, dot + 1)}${fixed}` : domain;
}

/** The provider's domain `domain` is one slip from, if exactly one. */
function provider(domain: string): string | undefined {
  const dot = domain.indexOf(".");
  const name = domain.slice(0, dot);
  const ending = domain.slice(dot + 1);
  const candidates: string[] = [];
  for (const [known, list] of Object.entries(PROVIDERS)) {
    const endings = list.split(" ");
    if (endings.includes(ending) && known.length >= MIN_CORRECTED_NAME && oneEditApart(name, known))
      candidates.push(`${known}.${ending}`);
    if (name === known && !endings.includes(ending) && oneEditApart(ending, endings[0] ?? ""))
      candidates.push(`${known}.${endings[0]}`);
  }
  return only(candidates);
}

/** A valid, normalized `email` with its domain corrected, or undefined if nothing is a slip. */
export function correctedAddress(email: string): string | undefined {
  const at = email.lastIndexOf("@");
  const typed = email.slice(at + 1).toLowerCase();
  if (KNOWN_DOMAINS.includes(typed)) return undefined;
  const ended = withEnding(typed);
  const corrected = provider(ended) ?? ended;
  return corrected === typed ? undefined : `${email.slice(0, at)}@${corrected}`;
}
