/**
 * The optional field signals (docs/analytics.md): Plausible's privacy-first, cookieless analytics,
 * on when VITE_PLAUSIBLE_DOMAIN is set. `endpoint` is where events go: Plausible's cloud by default,
 * a self-hosted Plausible Community Edition, or a path on the site's own origin that the hosts
 * forward to `upstream` (PLAUSIBLE_UPSTREAM, Plausible's cloud by default; the build writes each
 * host's proxy rule). The browser reads these as the build-time constants vite.config.ts defines
 * (src/analytics/build-constants.ts), so a build without the domain carries none of its code.
 */
import type { BuildEnv } from "../lib/config";

export const DEFAULT_PLAUSIBLE_ENDPOINT = "https://plausible.io/api/event";

function text(value: string | boolean | undefined): string {
  return typeof value === "string" ? value.trim() : "";
}

/** The endpoint is this machine (the emulator's collector): only then are local pages counted. */
function isLocal(endpoint: string): boolean {
  if (endpoint.startsWith("/")) return false;
  const { hostname } = new URL(endpoint);
  return hostname === "127.0.0.1" || hostname === "localhost" || hostname === "[::1]";
}

export function readAnalyticsConfig(env: BuildEnv) {
  const domain = text(env.VITE_PLAUSIBLE_DOMAIN);
  const endpoint = text(env.VITE_PLAUSIBLE_ENDPOINT) || DEFAULT_PLAUSIBLE_ENDPOINT;
  const firstParty = endpoint.startsWith("/");
  return {
    on: domain !== "",
    domain,
    endpoint,
    /** The endpoint is a path on the site's own origin: the hosts forward it (no new connect-src). */
    firstParty,
    /**
     * The endpoint is this machine, a local collector: the tracker counts the pages of 127.0.0.1
     * too, which it otherwise drops (a constant of the build, as the endpoint is).
     */
    local: isLocal(endpoint),
    /** The origin the page posts events to, for connect-src; none when it is the site's own. */
    connectOrigin: domain === "" || firstParty ? undefined : new URL(endpoint).origin,
    /** Where the hosts forward a first-party endpoint. */
    upstream: text(env.PLAUSIBLE_UPSTREAM) || DEFAULT_PLAUSIBLE_ENDPOINT,
  };
}
