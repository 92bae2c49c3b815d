/**
 * The one list of HTTP headers the site is served with (PRODUCT.md §2, §4): the preview server sends
 * them, the build writes them into the deploy files of static hosts, the tests check them.
 */

export type Headers = Record<string, string>;

/** Fingerprinted build output: safe to cache for a year. */
export const IMMUTABLE_PATH_PREFIX = "/assets/";
export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
export const CACHE_REVALIDATE = "public, max-age=0, must-revalidate";

export function contentSecurityPolicy(emailOrigin: string): string {
  const connect = new URL(emailOrigin).origin;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    `connect-src 'self' ${connect}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders(emailOrigin: string): Headers {
  return {
    "Content-Security-Policy": contentSecurityPolicy(emailOrigin),
    "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
}

export function cacheControl(urlPath: string): string {
  return urlPath.startsWith(IMMUTABLE_PATH_PREFIX) ? CACHE_IMMUTABLE : CACHE_REVALIDATE;
}
