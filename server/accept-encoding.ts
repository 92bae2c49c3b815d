/**
 * Picks a response's content coding from Accept-Encoding as RFC 9110 §12.5.3 says: each coding with
 * its weight (q, 1 when absent), `*` for any coding not named, q=0 meaning "not acceptable".
 */

/** `codings` in the server's order of preference; undefined means send the body as it is. */
export function negotiateEncoding<T extends string>(
  header: string | undefined,
  codings: readonly T[],
): T | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim());
    if (name === "") continue;
    const q = params.find((param) => /^q\s*=/i.test(param));
    const weight = q === undefined ? 1 : Number(q.slice(q.indexOf("=") + 1).trim());
    // A malformed weight is ignored rather than read as "not acceptable" or as "preferred".
    if (!Number.isFinite(weight) || weight < 0 || weight > 1) continue;
    weights.set(name.toLowerCase(), weight);
  }
  const weightOf = (coding: T) => weights.get(coding) ?? weights.get("*") ?? 0;
  let best: T | undefined;
  for (const coding of codings) {
    if (weightOf(coding) > 0 && (best === undefined || weightOf(coding) > weightOf(best))) {
      best = coding;
    }
  }
  return best;
}
