/**
 * The field signals' settings as the browser bundle sees them: constants vite.config.ts defines from
 * readAnalyticsConfig (config.ts). Whether they are on is tested with the global
 * `__ANALYTICS_ON__` itself where it matters (src/vite-env.d.ts), so a build without
 * VITE_PLAUSIBLE_DOMAIN drops every use, the tracker's lazy chunk included. Only code Vite builds may
 * import this file.
 */
export const PLAUSIBLE_DOMAIN: string = __PLAUSIBLE_DOMAIN__;
export const PLAUSIBLE_ENDPOINT: string = __PLAUSIBLE_ENDPOINT__;
export const PLAUSIBLE_LOCAL: boolean = __PLAUSIBLE_LOCAL__;
