/**
 * The field signals' endpoints that content blockers' default lists stop, so that no visitor whose
 * blocker uses them would be counted: the lists' own rules that match names an operator may pick
 * for the endpoint, each as the lists write it (before its options) with the lists that hold it,
 * by which production-settings.ts refuses an endpoint; and Plausible's own address, which the same
 * lists block from every other site, of which build.ts warns. Source: EasyPrivacy as uBlock Origin
 * 1.67.0 ships it (Debian's webext-ublock-origin-chromium) and AdGuard Tracking Protection as
 * @adguard/dnr-rulesets 3.3.20260320140136 ships it; `npm run test:blockers` (tests/blockers/)
 * matches what these refuse, and what they let through, against the default lists themselves.
 */
import { DEFAULT_PLAUSIBLE_ENDPOINT } from "../../src/analytics/config";

const EASYPRIVACY = "EasyPrivacy";
const ADGUARD_TRACKING = "AdGuard Tracking Protection filter";

/** A rule of the lists (its pattern, without options) and the lists, by title, that hold it. */
export type BlockingRule = { rule: string; lists: readonly string[] };

/** The rules the build refuses an endpoint by: one of them matching its address stops the build. */
export const BLOCKED_ENDPOINT_RULES: readonly BlockingRule[] = [
  { rule: "://plausible.*/api/event|", lists: [EASYPRIVACY, ADGUARD_TRACKING] },
  { rule: "://plausible.*/js/script.", lists: [EASYPRIVACY, ADGUARD_TRACKING] },
  { rule: "/plausible.js", lists: [EASYPRIVACY, ADGUARD_TRACKING] },
  { rule: "/stats.*/event", lists: [EASYPRIVACY] },
  { rule: "/stats/api/event", lists: [EASYPRIVACY] },
  { rule: "://analytics.*/event", lists: [EASYPRIVACY] },
  { rule: "/analytics/event", lists: [EASYPRIVACY] },
  { rule: "://tracking.*/event", lists: [EASYPRIVACY] },
  { rule: "://collector.*/event", lists: [EASYPRIVACY] },
  { rule: "/api/collect|", lists: [EASYPRIVACY] },
];

/** Plausible's own address, which these lists block on every site but plausible.io itself. */
export const DIRECT_ENDPOINT_RULE: BlockingRule = {
  rule: "||plausible.io^$third-party",
  lists: [EASYPRIVACY, ADGUARD_TRACKING],
};

/** A path endpoint no default list blocks, which the messages suggest. */
export const UNBLOCKED_ENDPOINT_PATH = "/p7/api/event";

/** The site a path endpoint is checked on when SITE_URL cannot be read (a fault of its own). */
const ANY_SITE = "https://site.invalid";

/**
 * Whether `rule` matches the address `url` as a content blocker matches it: the rule anywhere in
 * the address, `*` any run of characters, a final `|` its end, letters in either case.
 */
function ruleMatches(rule: string, url: string): boolean {
  const anchored = rule.endsWith("|");
  const pattern = (anchored ? rule.slice(0, -1) : rule)
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, "\\$&"))
    .join(".*");
  return new RegExp(anchored ? `${pattern}$` : pattern, "i").test(url);
}

/**
 * The address the browser posts to for the endpoint `value`, a URL or a path on `siteUrl`; null
 * when it is neither.
 */
export function endpointAddress(value: string, siteUrl: string | undefined): string | null {
  const site = siteUrl && URL.canParse(siteUrl) ? siteUrl : ANY_SITE;
  try {
    return value.startsWith("/") ? new URL(value, site).href : new URL(value).href;
  } catch {
    return null;
  }
}

/** The rule of BLOCKED_ENDPOINT_RULES that blocks the address `url`, if any. */
export function blockingRule(url: string): BlockingRule | undefined {
  return BLOCKED_ENDPOINT_RULES.find(({ rule }) => ruleMatches(rule, url));
}

const listed = (lists: readonly string[]) => lists.join(" and ");
const SEE = `(docs/deploying.md, "Names the blockers' lists stop")`;

/** Whether `address` is Plausible's own (its cloud), which is warned of, not refused. */
function isPlausibleCloud(address: string): boolean {
  const host = new URL(address).hostname;
  return host === "plausible.io" || host.endsWith(".plausible.io");
}

/**
 * Why VITE_PLAUSIBLE_ENDPOINT `value` cannot be the field signals' endpoint, because a default list
 * blocks its address, as one line beginning "Build stopped:", or null (Plausible's own address
 * included: it is warned of, directEndpointWarning).
 */
export function blockedEndpointFault(value: string, siteUrl: string | undefined): string | null {
  const address = endpointAddress(value, siteUrl);
  const found = address === null || isPlausibleCloud(address) ? undefined : blockingRule(address);
  if (!found) return null;
  const one = found.lists.length === 1;
  return (
    `Build stopped: VITE_PLAUSIBLE_ENDPOINT is ${value.replace(/\s+/g, " ")}, an address that ` +
    `${listed(found.lists)} ${one ? "blocks" : "block"} (the rule ${found.rule}): no visitor ` +
    `whose content blocker uses ${one ? "that list" : "those lists"} would be counted. Choose a ` +
    `name no default list blocks, such as the path ${UNBLOCKED_ENDPOINT_PATH} ${SEE}.`
  );
}

/**
 * With the field signals on and events going to Plausible's own address (VITE_PLAUSIBLE_ENDPOINT
 * unset, or set to it), one line saying that the default lists block it and which path to set
 * instead; otherwise null.
 */
export function directEndpointWarning(env: Record<string, string | undefined>): string | null {
  if (!env.VITE_PLAUSIBLE_DOMAIN?.trim()) return null;
  const endpoint = env.VITE_PLAUSIBLE_ENDPOINT?.trim() || DEFAULT_PLAUSIBLE_ENDPOINT;
  const address = endpoint.startsWith("/") ? null : endpointAddress(endpoint, undefined);
  if (!address || !isPlausibleCloud(address)) return null;
  return (
    `Field signals: events go to ${endpoint}, which ${listed(DIRECT_ENDPOINT_RULE.lists)} block ` +
    `from every other site (the rule ${DIRECT_ENDPOINT_RULE.rule}), so no visitor whose content ` +
    "blocker uses those lists is counted. Set VITE_PLAUSIBLE_ENDPOINT to a path on this site " +
    `that the hosts forward to Plausible, such as ${UNBLOCKED_ENDPOINT_PATH} ${SEE}.`
  );
}
