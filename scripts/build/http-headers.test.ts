import { describe, expect, it } from "vitest";
import { notFoundPage, sitePages } from "../../src/site-paths";
import {
  type BuildSettings,
  contentSecurityPolicy,
  netlifyHeadersFile,
  securityHeaders,
  vercelConfig,
} from "./http-headers";

const settings: BuildSettings = {
  emailOrigin: "https://api.emailjs.com/",
  inlineScriptHashes: ["sha256-loader"],
  inlineStyleHashes: ["sha256-css"],
};

describe("contentSecurityPolicy", () => {
  it("allows only the site, the hashed inline blocks and the EmailJS origin", () => {
    expect(contentSecurityPolicy(settings)).toBe(
      [
        "default-src 'none'",
        "script-src 'strict-dynamic' 'sha256-loader' 'self'",
        "style-src 'self' 'sha256-css'",
        "img-src 'self' data:",
        "manifest-src 'self'",
        "connect-src 'self' https://api.emailjs.com",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join("; "),
    );
  });

  it("with the bot check, adds exactly the sources Google's reCAPTCHA FAQ lists, from its origin", () => {
    const policy = contentSecurityPolicy({
      ...settings,
      recaptchaOrigin: "https://www.recaptcha.net/",
    }).split("; ");
    expect(policy).toContain(
      "script-src 'strict-dynamic' 'sha256-loader' 'self' https://www.recaptcha.net/recaptcha/ https://www.gstatic.com/recaptcha/",
    );
    expect(policy).toContain(
      "frame-src https://www.recaptcha.net/recaptcha/ https://recaptcha.google.com/recaptcha/",
    );
    expect(policy).toContain(
      "connect-src 'self' https://api.emailjs.com https://www.recaptcha.net/recaptcha/",
    );
    const without = contentSecurityPolicy(settings).split("; ");
    expect(policy.filter((directive) => !without.includes(directive))).toHaveLength(3);
  });
});

describe("contentSecurityPolicy with the field signals", () => {
  it("adds exactly the event endpoint's origin to connect-src, once", () => {
    const policy = contentSecurityPolicy({
      ...settings,
      analyticsOrigin: "https://plausible.io/api/event",
    }).split("; ");
    expect(policy).toContain("connect-src 'self' https://api.emailjs.com https://plausible.io");
    const without = contentSecurityPolicy(settings).split("; ");
    expect(policy.filter((directive) => !without.includes(directive))).toHaveLength(1);
    const sameAsEmail = contentSecurityPolicy({
      ...settings,
      analyticsOrigin: "https://api.emailjs.com/api/event",
    });
    expect(sameAsEmail).toBe(contentSecurityPolicy(settings));
  });
});

/** Every header the site must send, typed out here: a header dropped from the list fails. */
const EXPECTED_HEADERS = {
  "Content-Security-Policy": expect.stringContaining("default-src 'none'"),
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
};

describe("securityHeaders", () => {
  it("lists HSTS for a year, nosniff, the referrer and permissions policies, COOP and CORP", () => {
    expect(securityHeaders(settings)).toEqual(EXPECTED_HEADERS);
  });
});

describe("deploy files", () => {
  it("_headers carries every security header for all paths and caches assets for a year", () => {
    const file = netlifyHeadersFile(settings);
    expect(file.startsWith("/*\n")).toBe(true);
    const firstBlock = file.split("\n\n")[0] ?? "";
    const sent = Object.fromEntries(
      firstBlock
        .split("\n")
        .slice(1)
        .filter((line) => !line.trim().startsWith("!"))
        .map((line) =>
          line
            .trim()
            .split(/: (.*)/s)
            .slice(0, 2),
        ),
    );
    expect(sent).toEqual({
      ...EXPECTED_HEADERS,
      "Content-Security-Policy": contentSecurityPolicy(settings),
    });
    expect(file).toContain("/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n");
    expect(file).toContain("/*\n  ! Access-Control-Allow-Origin\n");
    expect(file).toContain("/success\n  Cache-Control: no-cache\n");
  });

  it("vercel.json has the same headers, with the asset rule last so it wins", () => {
    const config = JSON.parse(vercelConfig(settings)) as {
      headers: { source: string; headers: { key: string; value: string }[] }[];
    };
    expect(config.headers.map((rule) => rule.source)).toEqual(["/(.*)", "/assets/(.*)"]);
    const all = Object.fromEntries(config.headers[0]?.headers.map((h) => [h.key, h.value]) ?? []);
    expect(all).toMatchObject({
      ...EXPECTED_HEADERS,
      "Content-Security-Policy": contentSecurityPolicy(settings),
    });
    expect(all["Cache-Control"]).toBe("no-cache");
    expect(config.headers[1]?.headers).toEqual([
      { key: "Cache-Control", value: "public, max-age=31536000, immutable" },
    ]);
  });
});

describe("_headers and the list of paths", () => {
  it("revalidates every page under each URL it may be answered at", () => {
    const file = netlifyHeadersFile(settings);
    const rules = file.split("\n\n").map((block) => block.split("\n"));
    const revalidated = rules
      .filter((lines) => lines.includes("  Cache-Control: no-cache"))
      .map(([path]) => path);
    for (const page of [...sitePages, notFoundPage]) {
      expect(revalidated, page.id).toContain(page.path);
      expect(revalidated, page.id).toContain(`/${page.file}`);
    }
  });
});
