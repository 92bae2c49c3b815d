/**
 * The typo hint's check (docs/behaviour.md, "Typo hint"): the address as it would be corrected
 * when its domain holds a likely slip, or nothing. Two rules, each one slip away:
 * - an ending that is no top-level domain at all, one edit from exactly one common ending
 *   (`acme.con`, `acme.cmo`, `acme.ocm` → `acme.com`); a real ending (`.co`, `.cm`, `.security`)
 *   is never questioned, whatever the name before it;
 * - a big personal provider's name one edit off, under that provider's own ending (`gmial.com`,
 *   `hotmial.de`), or its name under an ending one edit from its own (`icloud.co`).
 * One edit: a letter swapped with its neighbour, dropped, doubled or added, or replaced. Where two
 * corrections are as likely, none is offered. Pure: a chunk of its own, which the form loads after
 * the visitor's first interaction (src/waitlist/ui/use-typo-hint.ts).
 */
import { COMMON_ENDINGS, KNOWN_DOMAINS, PROVIDERS, REAL_ENDINGS_NEAR_COMMON } from "./typo-domains";

/** `a` and `b` are one edit apart: one letter replaced, dropped, added, or swapped with the next. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  let i = 0;
  while (a[i] === b[i]) i++;
  const tail = (text: string, from: number) => text.slice(from);
  return (
    tail(a, i + 1) === tail(b, i + 1) ||
    tail(a, i) === tail(b, i + 1) ||
    tail(a, i + 1) === tail(b, i) ||
    (a[i] === b[i + 1] && a[i + 1] === b[i] && tail(a, i + 2) === tail(b, i + 2))
  );
}

/**
 * A provider's name shorter than this is corrected only in its ending: one edit from `aol` or
 * `gmx` is often a company's domain (ao.com, al.com, gm.com).
 */
const MIN_CORRECTED_NAME = 5;

/** The one candidate, or undefined when there is none or more than one. */
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
    if (name === known && !endings.includes(ending) && oneEditApart(ending, endings[0] ?? "")) {
      candidates.push(`${known}.${endings[0]}`);
    }
  }
  return only(candidates);
}

/**
 * The address with its domain corrected, or undefined when nothing looks like a slip. `email` is a
 * valid address as the form sends it (normalizeEmail, isValidEmail); the local part is kept as typed.
 */
export function correctedAddress(email: string): string | undefined {
  const at = email.lastIndexOf("@");
  const typed = email.slice(at + 1).toLowerCase();
  if (KNOWN_DOMAINS.includes(typed)) return undefined;
  const ended = withEnding(typed);
  const corrected = provider(ended) ?? ended;
  return corrected === typed ? undefined : `${email.slice(0, at)}@${corrected}`;
}
