import { describe, expect, it } from "vitest";
import { productionSettingFaults } from "./production-settings";

/** What a real deploy sets: every production build below starts from it. */
const GOOD = {
  VITE_EMAILJS_PUBLIC_KEY: "key",
  VITE_EMAILJS_SERVICE_ID: "service_x",
  VITE_EMAILJS_TEMPLATE_ID: "template_x",
  SITE_URL: "https://bulwark.example.com",
};

/** The one fault of GOOD with `changes`: each refusal is one line, naming the setting. */
function onlyFault(changes: Record<string, string | undefined>): string {
  const faults = productionSettingFaults({ ...GOOD, ...changes });
  expect(faults).toHaveLength(1);
  const [fault = ""] = faults;
  expect(fault).not.toContain("\n");
  expect(fault).toMatch(/^Build stopped: /);
  return fault;
}

describe("a production build's settings", () => {
  it("accepts a real deploy's settings, with EmailJS's and Google's origins written out", () => {
    expect(productionSettingFaults(GOOD)).toEqual([]);
    expect(
      productionSettingFaults({
        ...GOOD,
        VITE_EMAILJS_ORIGIN: "https://api.emailjs.com",
        VITE_RECAPTCHA_SITE_KEY: "site-key",
        VITE_RECAPTCHA_ORIGIN: "https://www.recaptcha.net",
        SITE_URL: "https://www.bulwark.example/",
      }),
    ).toEqual([]);
    // Blank is unset: the defaults, both https: and public.
    expect(
      productionSettingFaults({ ...GOOD, VITE_EMAILJS_ORIGIN: " ", VITE_RECAPTCHA_ORIGIN: "" }),
    ).toEqual([]);
  });

  it("refuses a loopback EmailJS origin, saying where every address would go", () => {
    expect(onlyFault({ VITE_EMAILJS_ORIGIN: "http://127.0.0.1:4180" })).toBe(
      "Build stopped: VITE_EMAILJS_ORIGIN is http://127.0.0.1:4180, a loopback address: every " +
        "visitor's browser would post their address to itself. Set it to https://api.emailjs.com " +
        "(or unset it).",
    );
    expect(onlyFault({ VITE_EMAILJS_ORIGIN: "https://localhost" })).toContain(
      "is https://localhost, a loopback address:",
    );
    expect(onlyFault({ VITE_EMAILJS_ORIGIN: "https://[::ffff:127.0.0.1]" })).toContain(
      "a loopback address:",
    );
  });

  it("refuses an EmailJS origin on a private network", () => {
    expect(onlyFault({ VITE_EMAILJS_ORIGIN: "https://10.1.2.3" })).toBe(
      "Build stopped: VITE_EMAILJS_ORIGIN is https://10.1.2.3, a private address: every " +
        "visitor's browser would post their address to a machine on their own network. Set it to " +
        "https://api.emailjs.com (or unset it).",
    );
    expect(onlyFault({ VITE_EMAILJS_ORIGIN: "https://[fd00::1]" })).toContain(
      "a unique-local address:",
    );
    expect(onlyFault({ VITE_EMAILJS_ORIGIN: "http://0.0.0.0:4180" })).toContain(
      "the unspecified address: every visitor's browser would post their address to itself.",
    );
  });

  it("refuses an http: EmailJS origin", () => {
    expect(onlyFault({ VITE_EMAILJS_ORIGIN: "http://api.emailjs.com" })).toBe(
      "Build stopped: VITE_EMAILJS_ORIGIN is http://api.emailjs.com, not an https: origin: every " +
        "address would cross the network unencrypted, and browsers refuse the request from an " +
        "https: page, so no signup would arrive. Set it to https://api.emailjs.com (or unset it).",
    );
  });

  it("refuses an EmailJS origin that is no URL, on one line whatever it holds", () => {
    expect(onlyFault({ VITE_EMAILJS_ORIGIN: "api.emailjs.com" })).toBe(
      "Build stopped: VITE_EMAILJS_ORIGIN is api.emailjs.com, not a URL. Set it to " +
        "https://api.emailjs.com (or unset it).",
    );
    expect(onlyFault({ VITE_EMAILJS_ORIGIN: "http://127.0.0.1\n:4180" })).toContain(
      "is http://127.0.0.1 :4180,",
    );
  });

  it("refuses a reCAPTCHA origin on a private network or the loopback", () => {
    expect(onlyFault({ VITE_RECAPTCHA_ORIGIN: "https://192.168.1.20" })).toBe(
      "Build stopped: VITE_RECAPTCHA_ORIGIN is https://192.168.1.20, a private address: every " +
        "visitor's browser would ask a machine on their own network for the bot check's script, so " +
        "no signup would send. Set it to https://www.google.com or https://www.recaptcha.net (or " +
        "unset it).",
    );
    expect(onlyFault({ VITE_RECAPTCHA_ORIGIN: "https://169.254.169.254" })).toContain(
      "a link-local address:",
    );
    expect(onlyFault({ VITE_RECAPTCHA_ORIGIN: "http://127.0.0.1:4181" })).toContain(
      "a loopback address: every visitor's browser would ask itself for the bot check's script",
    );
  });

  it("refuses an http: reCAPTCHA origin, even before the site key is set", () => {
    expect(onlyFault({ VITE_RECAPTCHA_ORIGIN: "http://www.recaptcha.net" })).toBe(
      "Build stopped: VITE_RECAPTCHA_ORIGIN is http://www.recaptcha.net, not an https: origin: " +
        "browsers refuse an http: script on an https: page, so the bot check would never run and " +
        "no signup would send. Set it to https://www.google.com or https://www.recaptcha.net (or " +
        "unset it).",
    );
  });

  it("checks the field signals' endpoint as it checks EmailJS's, and lets a path on the site be", () => {
    const withDomain = { VITE_PLAUSIBLE_DOMAIN: "bulwark.example.com" };
    for (const endpoint of ["https://plausible.io/api/event", "/stats/api/event"]) {
      expect(
        productionSettingFaults({ ...GOOD, ...withDomain, VITE_PLAUSIBLE_ENDPOINT: endpoint }),
      ).toEqual([]);
    }
    expect(
      onlyFault({ ...withDomain, VITE_PLAUSIBLE_ENDPOINT: "http://127.0.0.1:4180/api/event" }),
    ).toMatch(
      /^Build stopped: VITE_PLAUSIBLE_ENDPOINT is http:\/\/127\.0\.0\.1:4180\/api\/event, a loopback address: every visitor's browser would post its page views to itself\./,
    );
    expect(
      onlyFault({
        ...withDomain,
        VITE_PLAUSIBLE_ENDPOINT: "http://stats.bulwark.example.com/api/event",
      }),
    ).toContain("not an https: origin");
    expect(onlyFault({ PLAUSIBLE_UPSTREAM: "http://10.0.0.5/api/event" })).toMatch(
      /^Build stopped: PLAUSIBLE_UPSTREAM is http:\/\/10\.0\.0\.5\/api\/event, a private address/,
    );
  });

  it("refuses a missing SITE_URL, and names it with the missing ids in one line", () => {
    expect(onlyFault({ SITE_URL: " " })).toBe(
      "Build stopped: a production build needs SITE_URL: without SITE_URL, the site's public " +
        "https: address, canonical links, the sitemap and sharing cards have nowhere to point. Set " +
        "it in the environment or in .env (see .env.example), or run `npm run build:local` to build " +
        "against the local emulator.",
    );
    expect(productionSettingFaults({})).toEqual([
      "Build stopped: a production build needs VITE_EMAILJS_PUBLIC_KEY, VITE_EMAILJS_SERVICE_ID, " +
        "VITE_EMAILJS_TEMPLATE_ID, SITE_URL: without the EmailJS ids the waitlist form cannot " +
        "send; without SITE_URL, the site's public https: address, canonical links, the sitemap " +
        "and sharing cards have nowhere to point. Set them in the environment or in .env (see " +
        ".env.example), or run `npm run build:local` to build against the local emulator.",
    ]);
  });

  it("names every missing EmailJS id", () => {
    expect(onlyFault({ VITE_EMAILJS_PUBLIC_KEY: "", VITE_EMAILJS_TEMPLATE_ID: "  " })).toMatch(
      /^Build stopped: a production build needs VITE_EMAILJS_PUBLIC_KEY, VITE_EMAILJS_TEMPLATE_ID: without the EmailJS ids the waitlist form cannot send\. Set them /,
    );
  });

  it("refuses an http: SITE_URL", () => {
    expect(onlyFault({ SITE_URL: "http://bulwark.example.com" })).toBe(
      "Build stopped: SITE_URL is http://bulwark.example.com, not an https: address: canonical " +
        "links, the sitemap and sharing cards would send visitors and search engines to an " +
        "unencrypted copy. Set it to the site's public https: address, such as " +
        "https://bulwark.example.com.",
    );
  });

  it("refuses a loopback SITE_URL, over https: too", () => {
    expect(onlyFault({ SITE_URL: "http://127.0.0.1:4173" })).toBe(
      "Build stopped: SITE_URL is http://127.0.0.1:4173, a loopback address: canonical links, " +
        "the sitemap and sharing cards would point every visitor at their own machine. Set it to " +
        "the site's public https: address, such as https://bulwark.example.com.",
    );
    expect(onlyFault({ SITE_URL: "https://localhost:8443" })).toContain("a loopback address:");
    expect(onlyFault({ SITE_URL: "https://[::1]" })).toContain("a loopback address:");
    expect(onlyFault({ SITE_URL: "bulwark.example.com" })).toBe(
      "Build stopped: SITE_URL is bulwark.example.com, not a URL. Set it to the site's public " +
        "https: address, such as https://bulwark.example.com.",
    );
  });

  it("accepts an https: SITE_URL on a private network (an intranet site)", () => {
    expect(productionSettingFaults({ ...GOOD, SITE_URL: "https://10.0.0.5" })).toEqual([]);
  });

  it("names every fault of one run, one line each", () => {
    const faults = productionSettingFaults({
      VITE_EMAILJS_ORIGIN: "http://127.0.0.1:4180",
      VITE_RECAPTCHA_ORIGIN: "http://www.google.com",
      SITE_URL: "http://127.0.0.1:4173",
    });
    expect(faults.map((fault) => fault.split(" is ")[0])).toEqual([
      "Build stopped: a production build needs VITE_EMAILJS_PUBLIC_KEY, VITE_EMAILJS_SERVICE_ID, VITE_EMAILJS_TEMPLATE_ID: without the EmailJS ids the waitlist form cannot send. Set them in the environment or in .env (see .env.example), or run `npm run build:local` to build against the local emulator.",
      "Build stopped: VITE_EMAILJS_ORIGIN",
      "Build stopped: VITE_RECAPTCHA_ORIGIN",
      "Build stopped: SITE_URL",
    ]);
  });
});

describe("a production build against the services on this machine (the test stacks)", () => {
  const STACK = {
    ...GOOD,
    VITE_EMAILJS_ORIGIN: "http://127.0.0.1:4311",
    VITE_RECAPTCHA_ORIGIN: "http://127.0.0.1:4316",
    SITE_URL: "http://127.0.0.1:4312",
  };

  it("accepts the loopback, over http: too", () => {
    expect(productionSettingFaults(STACK, { localServices: true })).toEqual([]);
    expect(productionSettingFaults(STACK)).toHaveLength(3);
  });

  it("still refuses what is off this machine, and what is missing", () => {
    const faults = productionSettingFaults(
      {
        ...STACK,
        VITE_EMAILJS_SERVICE_ID: "",
        VITE_EMAILJS_ORIGIN: "http://192.168.1.20",
        VITE_RECAPTCHA_ORIGIN: "http://www.google.com",
        SITE_URL: "http://bulwark.example.com",
      },
      { localServices: true },
    );
    expect(faults.map((fault) => fault.slice(0, 60))).toEqual([
      "Build stopped: a production build needs VITE_EMAILJS_SERVICE",
      "Build stopped: VITE_EMAILJS_ORIGIN is http://192.168.1.20, a",
      "Build stopped: VITE_RECAPTCHA_ORIGIN is http://www.google.co",
      "Build stopped: SITE_URL is http://bulwark.example.com, not a",
    ]);
  });
});
