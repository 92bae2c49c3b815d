import { describe, expect, it } from "vitest";
import { buildSettingFaults, productionSettingFaults } from "./production-settings";
import { SPECIAL_USE_NAMES, UNDELEGATED_NAMES } from "./special-use-names.fixture";

/** What a real deploy sets: every production build below starts from it. */
const GOOD = {
  VITE_EMAILJS_PUBLIC_KEY: "key",
  VITE_EMAILJS_SERVICE_ID: "service_x",
  VITE_EMAILJS_TEMPLATE_ID: "template_x",
  SITE_URL: "https://bulwark.dev",
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

/** What each setting's refusal ends with: the value to set instead. */
const FIX: Record<string, string> = {
  VITE_EMAILJS_ORIGIN: "Set it to https://api.emailjs.com (or unset it).",
  VITE_RECAPTCHA_ORIGIN:
    "Set it to https://www.google.com or https://www.recaptcha.net (or unset it).",
  VITE_PLAUSIBLE_ENDPOINT:
    "Set it to https://plausible.io/api/event, a self-hosted Plausible's https: address, or a " +
    "path on this site such as /p7/api/event (or unset it).",
  PLAUSIBLE_UPSTREAM:
    "Set it to https://plausible.io/api/event or a self-hosted Plausible's https: event address " +
    "(or unset it).",
  SITE_URL: "Set it to the site's public https: address, such as https://bulwark.dev.",
};
const PATH_FIX = "Set it to a path of its own, such as /p7/api/event (or unset it).";

const POSTS = "every visitor's browser would post their address to";
const TO_ITSELF = `${POSTS} itself`;
const TO_NETWORK = `${POSTS} a machine on their own network`;
const TO_NOWHERE = `${POSTS} a host that is on no public network`;
const TO_PLACEHOLDER = `${POSTS} a placeholder, where no one's service runs`;
const UNREADABLE = "whose host cannot be read as a name or an address";
const NOT_BARE =
  "not a bare origin (scheme, host and port, with no path, query or fragment): the browser's " +
  "requests would go elsewhere than the service's own paths";
const IN_BUNDLE =
  "a URL with a user name or password: the build would publish them in every page's JavaScript";
const TAKEN =
  "the hosts would forward it to Plausible instead of serving it (Cloudflare's worker takes the " +
  "path over)";

const SITE_POINTS = "canonical links, the sitemap and sharing cards would point at";
const SITE_ON_NETWORK = `${SITE_POINTS} a host only a local network reaches, never search engines or visitors elsewhere`;
const SITE_NOWHERE = `${SITE_POINTS} a host that is on no public network`;

const ACCEPTED = "accepted";

/** The refusal of a setting not written as the origin or URL it names, with its own fix. */
const spelt = (setting: string, value: string, what: "origin" | "URL", named: string) =>
  `Build stopped: ${setting} is ${value}, not written as the ${what} it names, ${named}: the ` +
  `build checks and ships that ${what}, so the setting must be it. Set it to ${named}.`;

/**
 * Each row: the setting (or `mode`), its value on top of a real deploy's settings (GOOD), and the
 * one line the build stops with, or ACCEPTED. A line that starts with ", " is the middle of
 * "Build stopped: SETTING is VALUE, ... FIX" and ends with the setting's own fix; a third column
 * "path: ..." is an endpoint path's refusal, with its own fix. A fourth column is the build's
 * mode, production when absent.
 */
const ROWS: [setting: string, value: string, expected: string, mode?: string][] = [
  // The modes: the two known ones, every other refused.
  ["mode", "production", ACCEPTED],
  [
    "mode",
    "staging",
    'Build stopped: the mode "staging" is none of the known ones: production (a deploy, every ' +
      "setting checked) or emulator (a local build against the emulator).",
  ],
  [
    "mode",
    "Production",
    'Build stopped: the mode "Production" is none of the known ones: production (a deploy, every ' +
      "setting checked) or emulator (a local build against the emulator).",
  ],
  [
    "mode",
    "development",
    'Build stopped: the mode "development" is none of the known ones: production (a deploy, ' +
      "every setting checked) or emulator (a local build against the emulator).",
  ],
  // The local build checks only what breaks the site itself: its origins are the emulator's.
  ["VITE_EMAILJS_ORIGIN", "http://127.0.0.1:4180", ACCEPTED, "emulator"],
  ["SITE_URL", "http://127.0.0.1:4173", ACCEPTED, "emulator"],
  ["VITE_PLAUSIBLE_ENDPOINT", "http://127.0.0.1:4180/api/event", ACCEPTED, "emulator"],
  ["VITE_PLAUSIBLE_ENDPOINT", "/success", `path: , the /success page: ${TAKEN}`, "emulator"],

  // A host that cannot be read.
  ["VITE_EMAILJS_ORIGIN", "https://api..emailjs.com", `, ${UNREADABLE}`],
  ["VITE_RECAPTCHA_ORIGIN", "https://www_google*.com", `, ${UNREADABLE}`],
  ["VITE_PLAUSIBLE_ENDPOINT", "https://-plausible.io/api/event", `, ${UNREADABLE}`],
  ["PLAUSIBLE_UPSTREAM", "https://plausible..io/api/event", `, ${UNREADABLE}`],
  ["SITE_URL", "https://bulwark..dev", `, ${UNREADABLE}`],
  ["VITE_EMAILJS_ORIGIN", "api.emailjs.com", ", not a URL"],
  ["VITE_EMAILJS_ORIGIN", "https://", ", not a URL"],
  ["VITE_EMAILJS_ORIGIN", "https://[zz]", ", not a URL"],

  // IPv4's special-purpose registry.
  ["VITE_EMAILJS_ORIGIN", "https://0.1.2.3", `, the unspecified address (0.0.0.0/8): ${TO_ITSELF}`],
  ["VITE_EMAILJS_ORIGIN", "https://10.1.2.3", `, a private address (10.0.0.0/8): ${TO_NETWORK}`],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://100.64.0.1",
    `, a shared (carrier-grade NAT) address (100.64.0.0/10): ${TO_NETWORK}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://100.127.255.254",
    `, a shared (carrier-grade NAT) address (100.64.0.0/10): ${TO_NETWORK}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "http://127.0.0.1:4180",
    `, a loopback address (127.0.0.0/8): ${TO_ITSELF}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://169.254.169.254",
    `, a link-local address (169.254.0.0/16): ${TO_NETWORK}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://172.16.0.1",
    `, a private address (172.16.0.0/12): ${TO_NETWORK}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://192.0.0.8",
    `, an IETF protocol address (192.0.0.0/24): ${TO_NOWHERE}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://192.0.2.1",
    `, a documentation address (192.0.2.0/24): ${TO_NOWHERE}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://192.88.99.1",
    `, a retired 6to4 relay address (192.88.99.0/24): ${TO_NOWHERE}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://192.168.1.20",
    `, a private address (192.168.0.0/16): ${TO_NETWORK}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://198.18.0.1",
    `, a benchmarking address (198.18.0.0/15): ${TO_NOWHERE}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://198.19.255.254",
    `, a benchmarking address (198.18.0.0/15): ${TO_NOWHERE}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://198.51.100.7",
    `, a documentation address (198.51.100.0/24): ${TO_NOWHERE}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://203.0.113.9",
    `, a documentation address (203.0.113.0/24): ${TO_NOWHERE}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://224.0.0.251",
    `, a multicast address (224.0.0.0/4): ${TO_NOWHERE}`,
  ],
  ["VITE_EMAILJS_ORIGIN", "https://240.0.0.1", `, a reserved address (240.0.0.0/4): ${TO_NOWHERE}`],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://255.255.255.255",
    `, the broadcast address (255.255.255.255/32): ${TO_NOWHERE}`,
  ],
  // Spellings URL parsing turns into those (the line shows the value as set).
  ["VITE_EMAILJS_ORIGIN", "https://2130706433", `, a loopback address (127.0.0.0/8): ${TO_ITSELF}`],
  ["VITE_EMAILJS_ORIGIN", "https://0x7f.1", `, a loopback address (127.0.0.0/8): ${TO_ITSELF}`],
  ["VITE_EMAILJS_ORIGIN", "https://0177.0.0.1", `, a loopback address (127.0.0.0/8): ${TO_ITSELF}`],
  ["VITE_EMAILJS_ORIGIN", "https://10.1", `, a private address (10.0.0.0/8): ${TO_NETWORK}`],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://0xa9fea9fe",
    `, a link-local address (169.254.0.0/16): ${TO_NETWORK}`,
  ],
  // IPv6's special-purpose registry.
  ["VITE_EMAILJS_ORIGIN", "https://[::]", `, the unspecified address (::/128): ${TO_ITSELF}`],
  ["VITE_EMAILJS_ORIGIN", "https://[::1]", `, a loopback address (::1/128): ${TO_ITSELF}`],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://[::ffff:127.0.0.1]",
    ", a loopback address (127.0.0.0/8) inside an IPv4-mapped address (::ffff:0:0/96): " +
      TO_ITSELF,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://[::ffff:10.0.0.1]",
    `, a private address (10.0.0.0/8) inside an IPv4-mapped address (::ffff:0:0/96): ${TO_NETWORK}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://[64:ff9b::10.0.0.1]",
    `, a private address (10.0.0.0/8) inside a NAT64 address (64:ff9b::/96): ${TO_NETWORK}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://[64:ff9b::7f00:1]",
    `, a loopback address (127.0.0.0/8) inside a NAT64 address (64:ff9b::/96): ${TO_ITSELF}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://[64:ff9b:1::a00:1]",
    `, a local-use NAT64 address (64:ff9b:1::/48): ${TO_NETWORK}`,
  ],
  ["VITE_EMAILJS_ORIGIN", "https://[100::1]", `, a discard-only address (100::/64): ${TO_NOWHERE}`],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://[2001::1]",
    `, an IETF protocol address (2001::/23): ${TO_NOWHERE}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://[2001:db8::1]",
    `, a documentation address (2001:db8::/32): ${TO_NOWHERE}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://[2002:a00:1::1]",
    `, a private address (10.0.0.0/8) inside a 6to4 address (2002::/16): ${TO_NETWORK}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://[2002:c0a8:101::1]",
    `, a private address (192.168.0.0/16) inside a 6to4 address (2002::/16): ${TO_NETWORK}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://[fd00::1]",
    `, a unique-local address (fc00::/7): ${TO_NETWORK}`,
  ],
  ["VITE_EMAILJS_ORIGIN", "https://[fe80::1]", `, a link-local address (fe80::/10): ${TO_NETWORK}`],
  ["VITE_EMAILJS_ORIGIN", "https://[fec0::1]", `, a site-local address (fec0::/10): ${TO_NETWORK}`],
  ["VITE_EMAILJS_ORIGIN", "https://[ff02::1]", `, a multicast address (ff00::/8): ${TO_NOWHERE}`],
  // Names.
  ["VITE_EMAILJS_ORIGIN", "https://localhost", `, a loopback name (.localhost): ${TO_ITSELF}`],
  ["VITE_EMAILJS_ORIGIN", "https://localhost.", `, a loopback name (.localhost): ${TO_ITSELF}`],
  ["VITE_EMAILJS_ORIGIN", "https://api.localhost", `, a loopback name (.localhost): ${TO_ITSELF}`],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://localhost.localdomain",
    `, a loopback name (localhost.localdomain): ${TO_ITSELF}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://mail.local.",
    `, a local network's name (.local): ${TO_NETWORK}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://mail.internal",
    `, a local network's name (.internal): ${TO_NETWORK}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://mail.home.arpa",
    `, a local network's name (.home.arpa): ${TO_NETWORK}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://wiki",
    `, a single-label name, which only a local network resolves: ${TO_NETWORK}`,
  ],
  // The special-use names (RFC 6761, RFC 7686, RFC 9476), and those in common private use.
  [
    "VITE_EMAILJS_ORIGIN",
    "https://api.emailjs.test",
    `, a name reserved for testing (.test): ${TO_NOWHERE}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://api.emailjs.invalid",
    `, a name that never resolves (.invalid): ${TO_NOWHERE}`,
  ],
  ["VITE_EMAILJS_ORIGIN", "https://mail.lan", `, a local network's name (.lan): ${TO_NETWORK}`],
  ["VITE_EMAILJS_ORIGIN", "https://mail.home", `, a local network's name (.home): ${TO_NETWORK}`],
  ["VITE_EMAILJS_ORIGIN", "https://mail.corp", `, a local network's name (.corp): ${TO_NETWORK}`],
  [
    "VITE_RECAPTCHA_ORIGIN",
    "https://www.google.test",
    ", a name reserved for testing (.test): every visitor's browser would ask a host that is on " +
      "no public network for the bot check's script, so no signup would send",
  ],
  [
    "VITE_PLAUSIBLE_ENDPOINT",
    "https://plausible.onion/api/event",
    ", a Tor onion service's name (.onion): every visitor's browser would post its page views to " +
      "a host that is on no public network",
  ],
  [
    "PLAUSIBLE_UPSTREAM",
    "https://plausible.internal/api/event",
    ", a local network's name (.internal): the hosts would forward every visitor's page views " +
      "to a machine on their own network",
  ],
  // RFC 6761's documentation names, placeholders; the registry's other names and all of `.arpa`;
  // the names ICANN will not delegate (every one of them: "every special-use name", below).
  [
    "VITE_EMAILJS_ORIGIN",
    "https://api.emailjs.example",
    `, a name reserved for documentation (.example): ${TO_PLACEHOLDER}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://1.0.0.127.in-addr.arpa",
    `, a reverse-DNS name (.in-addr.arpa): ${TO_NOWHERE}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://api.emailjs.ipv4only.arpa",
    `, a name a protocol reserves (.ipv4only.arpa): ${TO_NOWHERE}`,
  ],
  ["VITE_EMAILJS_ORIGIN", "https://x.mail", `, a local network's name (.mail): ${TO_NETWORK}`],
  // What stays open: public hosts over https:, a public IPv4 inside a wrapper.
  ["VITE_EMAILJS_ORIGIN", "https://api.emailjs.com", ACCEPTED],

  // What is checked is what ships: a setting not written as the origin or URL it names is refused.
  ...[
    "https:api.emailjs.com",
    "https:/api.emailjs.com",
    "https://api.emailjs.com/",
    "https://api.emailjs.com:443",
    "HTTPS://API.emailjs.com",
  ].map((value): [string, string, string] => [
    "VITE_EMAILJS_ORIGIN",
    value,
    spelt("VITE_EMAILJS_ORIGIN", value, "origin", "https://api.emailjs.com"),
  ]),
  [
    "VITE_RECAPTCHA_ORIGIN",
    "https:www.recaptcha.net",
    spelt(
      "VITE_RECAPTCHA_ORIGIN",
      "https:www.recaptcha.net",
      "origin",
      "https://www.recaptcha.net",
    ),
  ],
  [
    "VITE_PLAUSIBLE_ENDPOINT",
    "https:plausible.io/api/event",
    spelt(
      "VITE_PLAUSIBLE_ENDPOINT",
      "https:plausible.io/api/event",
      "URL",
      "https://plausible.io/api/event",
    ),
  ],
  [
    "PLAUSIBLE_UPSTREAM",
    "https://Plausible.io:443/api/event",
    spelt(
      "PLAUSIBLE_UPSTREAM",
      "https://Plausible.io:443/api/event",
      "URL",
      "https://plausible.io/api/event",
    ),
  ],
  [
    "SITE_URL",
    "https://bulwark.dev/",
    spelt("SITE_URL", "https://bulwark.dev/", "origin", "https://bulwark.dev"),
  ],
  [
    "SITE_URL",
    "https:bulwark.dev",
    spelt("SITE_URL", "https:bulwark.dev", "origin", "https://bulwark.dev"),
  ],
  [
    "SITE_URL",
    "https://bulwark.dev/waitlist/",
    spelt("SITE_URL", "https://bulwark.dev/waitlist/", "origin", "https://bulwark.dev"),
  ],
  ["VITE_EMAILJS_ORIGIN", "https://100.128.0.1", ACCEPTED],
  ["VITE_EMAILJS_ORIGIN", "https://[2606:4700::1111]", ACCEPTED],
  ["VITE_EMAILJS_ORIGIN", "https://[64:ff9b::808:808]", ACCEPTED],
  ["VITE_EMAILJS_ORIGIN", " ", ACCEPTED],
  [
    "VITE_EMAILJS_ORIGIN",
    "http://api.emailjs.com",
    ", not an https: origin: every address would cross the network unencrypted, and browsers " +
      "refuse the request from an https: page, so no signup would arrive",
  ],

  // An origin setting is a bare origin, and no URL carries a user name or password.
  [
    "VITE_EMAILJS_ORIGIN",
    "https://user:pass@api.emailjs.com",
    `Build stopped: VITE_EMAILJS_ORIGIN is https://***@api.emailjs.com/, ${IN_BUNDLE}. ${FIX.VITE_EMAILJS_ORIGIN}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://user@api.emailjs.com",
    `Build stopped: VITE_EMAILJS_ORIGIN is https://***@api.emailjs.com/, ${IN_BUNDLE}. ${FIX.VITE_EMAILJS_ORIGIN}`,
  ],
  [
    "VITE_EMAILJS_ORIGIN",
    "https://user:secret@[bad",
    "Build stopped: VITE_EMAILJS_ORIGIN is https://***@[bad, not a URL. Set it to https://api.emailjs.com (or unset it).",
  ],
  ["VITE_EMAILJS_ORIGIN", "https://api.emailjs.com/api/v1.0", `, ${NOT_BARE}`],
  ["VITE_EMAILJS_ORIGIN", "https://api.emailjs.com?key=1", `, ${NOT_BARE}`],
  ["VITE_EMAILJS_ORIGIN", "https://api.emailjs.com/?", `, ${NOT_BARE}`],
  ["VITE_EMAILJS_ORIGIN", "https://api.emailjs.com#top", `, ${NOT_BARE}`],
  [
    "VITE_RECAPTCHA_ORIGIN",
    "https://:secret@www.google.com",
    `Build stopped: VITE_RECAPTCHA_ORIGIN is https://***@www.google.com/, ${IN_BUNDLE}. ${FIX.VITE_RECAPTCHA_ORIGIN}`,
  ],
  ["VITE_RECAPTCHA_ORIGIN", "https://www.google.com/recaptcha/api.js", `, ${NOT_BARE}`],
  ["VITE_RECAPTCHA_ORIGIN", "https://www.recaptcha.net", ACCEPTED],
  [
    "VITE_RECAPTCHA_ORIGIN",
    "https://100.100.100.100",
    ", a shared (carrier-grade NAT) address (100.64.0.0/10): every visitor's browser would ask a " +
      "machine on their own network for the bot check's script, so no signup would send",
  ],
  [
    "VITE_PLAUSIBLE_ENDPOINT",
    "https://user:pass@plausible.io/api/event",
    `Build stopped: VITE_PLAUSIBLE_ENDPOINT is https://***@plausible.io/api/event, ${IN_BUNDLE}. ${FIX.VITE_PLAUSIBLE_ENDPOINT}`,
  ],
  ["VITE_PLAUSIBLE_ENDPOINT", "https://plausible.io/api/event", ACCEPTED],
  ["VITE_PLAUSIBLE_ENDPOINT", "https://events.bulwark.dev/api/event", ACCEPTED],
  [
    "VITE_PLAUSIBLE_ENDPOINT",
    "https://198.18.0.9/api/event",
    ", a benchmarking address (198.18.0.0/15): every visitor's browser would post its page views " +
      "to a host that is on no public network",
  ],
  [
    "PLAUSIBLE_UPSTREAM",
    "https://user:pass@plausible.io/api/event",
    "Build stopped: PLAUSIBLE_UPSTREAM is https://***@plausible.io/api/event, a URL with a user " +
      "name or password: the build would publish them in the hosts' files, which Netlify serves " +
      `to anyone who asks. ${FIX.PLAUSIBLE_UPSTREAM}`,
  ],
  [
    "PLAUSIBLE_UPSTREAM",
    "https://[::ffff:192.168.0.9]/api/event",
    ", a private address (192.168.0.0/16) inside an IPv4-mapped address (::ffff:0:0/96): the " +
      "hosts would forward every visitor's page views to a machine on their own network",
  ],
  ["PLAUSIBLE_UPSTREAM", "https://events.bulwark.dev/api/event", ACCEPTED],
  [
    "PLAUSIBLE_UPSTREAM",
    "https://plausible.example.com/api/event",
    ", a name reserved for documentation (.example.com): the hosts would forward every " +
      "visitor's page views to a placeholder, where no one's service runs",
  ],

  // SITE_URL: a public https: origin; this machine, a local network, no network at all or a
  // password are not.
  ["SITE_URL", "https://bulwark.dev", ACCEPTED],
  [
    "SITE_URL",
    "https://bulwark.example.com",
    `, a name reserved for documentation (.example.com): ${SITE_POINTS} a placeholder, where no one's service runs`,
  ],
  ["SITE_URL", "https://bulwark.mail", `, a local network's name (.mail): ${SITE_ON_NETWORK}`],
  ["SITE_URL", "https://10.0.0.5", `, a private address (10.0.0.0/8): ${SITE_ON_NETWORK}`],
  [
    "SITE_URL",
    "https://wiki.home.arpa",
    `, a local network's name (.home.arpa): ${SITE_ON_NETWORK}`,
  ],
  ["SITE_URL", "https://bulwark.lan", `, a local network's name (.lan): ${SITE_ON_NETWORK}`],
  ["SITE_URL", "https://bulwark.corp", `, a local network's name (.corp): ${SITE_ON_NETWORK}`],
  ["SITE_URL", "https://bulwark.home", `, a local network's name (.home): ${SITE_ON_NETWORK}`],
  ["SITE_URL", "https://bulwark.local", `, a local network's name (.local): ${SITE_ON_NETWORK}`],
  [
    "SITE_URL",
    "https://bulwark.internal",
    `, a local network's name (.internal): ${SITE_ON_NETWORK}`,
  ],
  ["SITE_URL", "https://bulwark.test", `, a name reserved for testing (.test): ${SITE_NOWHERE}`],
  [
    "SITE_URL",
    "https://bulwark.invalid",
    `, a name that never resolves (.invalid): ${SITE_NOWHERE}`,
  ],
  [
    "SITE_URL",
    "https://localhost.localdomain",
    ", a loopback name (localhost.localdomain): canonical links, the sitemap and sharing cards " +
      "would point every visitor at their own machine",
  ],
  [
    "SITE_URL",
    "https://203.0.113.10",
    `, a documentation address (203.0.113.0/24): ${SITE_NOWHERE}`,
  ],
  [
    "SITE_URL",
    "https://preview:hunter2@bulwark.dev",
    "Build stopped: SITE_URL is https://***@bulwark.dev/, a URL with a user name or " +
      "password: every page's canonical link and the sitemap would publish them. " +
      FIX.SITE_URL,
  ],

  // The field signals' endpoint as a path: never a page, the assets, a dot-path or a built file.
  ["VITE_PLAUSIBLE_ENDPOINT", "/p7/api/event", ACCEPTED],
  ["VITE_PLAUSIBLE_ENDPOINT", "/api/event", ACCEPTED],
  ["VITE_PLAUSIBLE_ENDPOINT", "/", `path: , the / page: ${TAKEN}`],
  ["VITE_PLAUSIBLE_ENDPOINT", "/success", `path: , the /success page: ${TAKEN}`],
  ["VITE_PLAUSIBLE_ENDPOINT", "/success/", `path: , the /success page: ${TAKEN}`],
  ["VITE_PLAUSIBLE_ENDPOINT", "/Success", `path: , the /success page: ${TAKEN}`],
  ["VITE_PLAUSIBLE_ENDPOINT", "/success.html", `path: , the /success page's file: ${TAKEN}`],
  ["VITE_PLAUSIBLE_ENDPOINT", "/index.html", `path: , the / page's file: ${TAKEN}`],
  ["VITE_PLAUSIBLE_ENDPOINT", "/404", `path: , the /404 page: ${TAKEN}`],
  ["VITE_PLAUSIBLE_ENDPOINT", "/404.html", `path: , the /404 page's file: ${TAKEN}`],
  [
    "VITE_PLAUSIBLE_ENDPOINT",
    "/assets/",
    `path: , under /assets/, where the build puts its scripts and styles: ${TAKEN}`,
  ],
  [
    "VITE_PLAUSIBLE_ENDPOINT",
    "/assets/event",
    `path: , under /assets/, where the build puts its scripts and styles: ${TAKEN}`,
  ],
  [
    "VITE_PLAUSIBLE_ENDPOINT",
    "/.well-known/event",
    `path: , a dot-path, such as /.well-known/, which belongs to the build and the hosts: ${TAKEN}`,
  ],
  [
    "VITE_PLAUSIBLE_ENDPOINT",
    "/.vite/manifest.json",
    `path: , a dot-path, such as /.well-known/, which belongs to the build and the hosts: ${TAKEN}`,
  ],
  ["VITE_PLAUSIBLE_ENDPOINT", "/robots.txt", `path: , the file /robots.txt: ${TAKEN}`],
  ["VITE_PLAUSIBLE_ENDPOINT", "/sitemap.xml", `path: , the file /sitemap.xml: ${TAKEN}`],
  ["VITE_PLAUSIBLE_ENDPOINT", "/site.webmanifest", `path: , the file /site.webmanifest: ${TAKEN}`],
  ["VITE_PLAUSIBLE_ENDPOINT", "/favicon.svg", `path: , the file /favicon.svg: ${TAKEN}`],
  ["VITE_PLAUSIBLE_ENDPOINT", "/icon-512.png", `path: , the file /icon-512.png: ${TAKEN}`],
  ["VITE_PLAUSIBLE_ENDPOINT", "/og-image.png", `path: , the file /og-image.png: ${TAKEN}`],
  ["VITE_PLAUSIBLE_ENDPOINT", "/_headers", `path: , the hosts' file /_headers: ${TAKEN}`],
  ["VITE_PLAUSIBLE_ENDPOINT", "/_redirects", `path: , the hosts' file /_redirects: ${TAKEN}`],
  ["VITE_PLAUSIBLE_ENDPOINT", "/vercel.json", `path: , the hosts' file /vercel.json: ${TAKEN}`],
  ["VITE_PLAUSIBLE_ENDPOINT", "/_worker.js", `path: , the hosts' file /_worker.js: ${TAKEN}`],
  ["VITE_PLAUSIBLE_ENDPOINT", "/_routes.json", `path: , the hosts' file /_routes.json: ${TAKEN}`],
  [
    "VITE_PLAUSIBLE_ENDPOINT",
    "//stats.example.com/api/event",
    "path: , a URL of another host without its scheme, not a path on the site",
  ],
  [
    "VITE_PLAUSIBLE_ENDPOINT",
    "/stats/api/event?x=1",
    'path: , not a plain path (segments of letters, digits, "-", "_", "." and "~"): the hosts\' ' +
      "rules take it literally",
  ],
];

/** The one line a row expects, or ACCEPTED. */
function expectedLine(setting: string, value: string, expected: string): string {
  if (expected === ACCEPTED || expected.startsWith("Build stopped:")) return expected;
  const shown = value.replace(/\s+/g, " ");
  if (expected.startsWith("path: ")) {
    return `Build stopped: ${setting} is ${shown}${expected.slice("path: ".length)}. ${PATH_FIX}`;
  }
  return `Build stopped: ${setting} is ${shown}${expected}. ${FIX[setting]}`;
}

describe("what a build refuses, one line each naming the setting", () => {
  it.each(ROWS)("%s=%j: %s", (setting, value, expected, mode = "production") => {
    const faults =
      setting === "mode"
        ? buildSettingFaults(value, GOOD)
        : buildSettingFaults(mode, { ...GOOD, [setting]: value });
    const line = expectedLine(setting, value, expected);
    expect(faults).toEqual(line === ACCEPTED ? [] : [line]);
  });
});

describe("every special-use and undelegated name, and a name under it, stops a production build", () => {
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const hosts = [...SPECIAL_USE_NAMES, ...UNDELEGATED_NAMES].flatMap((name) => [name, `x.${name}`]);

  it.each(hosts)("%s: one line naming the setting, the name and where it leads", (host) => {
    const named = `is https://${escaped(host)}, an? [^:]+ \\(\\.[a-z0-9.-]+\\): `;
    expect(onlyFault({ VITE_EMAILJS_ORIGIN: `https://${host}` })).toMatch(
      new RegExp(
        `^Build stopped: VITE_EMAILJS_ORIGIN ${named}${POSTS} (itself|a machine on their own ` +
          `network|a host that is on no public network|a placeholder, where no one's service ` +
          `runs)\\. ${escaped(FIX.VITE_EMAILJS_ORIGIN ?? "")}$`,
      ),
    );
    expect(onlyFault({ SITE_URL: `https://${host}` })).toMatch(
      new RegExp(
        `^Build stopped: SITE_URL ${named}canonical links, the sitemap and sharing cards would ` +
          `point [^.]+\\. ${escaped(FIX.SITE_URL ?? "")}$`,
      ),
    );
  });
});

describe("a field signals' endpoint a default blocker list stops", () => {
  const CHOOSE =
    'Choose a name no default list blocks, such as the path /p7/api/event (docs/deploying.md, "Names ' +
    "the blockers' lists stop\").";
  const EASYPRIVACY = "an address that EasyPrivacy blocks";
  const BOTH = "an address that EasyPrivacy and AdGuard Tracking Protection filter block";

  it.each([
    ["https://plausible.bulwark.dev/api/event", BOTH, "://plausible.*/api/event|"],
    [
      "https://plausible.bulwark.dev/js/script.outbound-links.js",
      BOTH,
      "://plausible.*/js/script.",
    ],
    ["/js/plausible.js", BOTH, "/plausible.js"],
    ["https://stats.bulwark.dev/api/event", EASYPRIVACY, "/stats.*/event"],
    ["/stats/api/event", EASYPRIVACY, "/stats/api/event"],
    ["/Stats/API/Event", EASYPRIVACY, "/stats/api/event"],
    ["https://analytics.bulwark.dev/api/event", EASYPRIVACY, "://analytics.*/event"],
    ["/analytics/event", EASYPRIVACY, "/analytics/event"],
    ["https://tracking.bulwark.dev/api/event", EASYPRIVACY, "://tracking.*/event"],
    ["https://collector.bulwark.dev/api/event", EASYPRIVACY, "://collector.*/event"],
    ["/api/collect", EASYPRIVACY, "/api/collect|"],
  ])("refuses %s, naming the lists and their rule", (endpoint, lists, rule) => {
    const one = lists === EASYPRIVACY;
    expect(onlyFault({ VITE_PLAUSIBLE_ENDPOINT: endpoint })).toBe(
      `Build stopped: VITE_PLAUSIBLE_ENDPOINT is ${endpoint}, ${lists} (the rule ${rule}): no ` +
        `visitor whose content blocker uses ${one ? "that list" : "those lists"} would be ` +
        `counted. ${CHOOSE}`,
    );
  });

  it("refuses a path on a site whose own host a list stops", () => {
    expect(
      onlyFault({
        SITE_URL: "https://stats.bulwark.dev",
        VITE_PLAUSIBLE_ENDPOINT: "/p7/api/event",
      }),
    ).toContain(`${EASYPRIVACY} (the rule /stats.*/event)`);
  });

  it.each([
    "/p7/api/event",
    "/api/event",
    "/plausible/api/event",
    "/analytics/api/event",
    "/js/script.outbound-links.js",
    "/api/collect/event",
    "https://plausible.bulwark.dev/p7",
    "https://metrics.bulwark.dev/api/event",
    "https://tracker.bulwark.dev/api/event",
    "https://stat.bulwark.dev/api/event",
    "https://events.bulwark.dev/api/event",
  ])("accepts %s, which no rule of the lists matches", (endpoint) => {
    expect(productionSettingFaults({ ...GOOD, VITE_PLAUSIBLE_ENDPOINT: endpoint })).toEqual([]);
  });
});

describe("a production build's settings", () => {
  it("accepts a real deploy's settings, with EmailJS's and Google's origins written out", () => {
    expect(productionSettingFaults(GOOD)).toEqual([]);
    expect(
      productionSettingFaults({
        ...GOOD,
        VITE_EMAILJS_ORIGIN: "https://api.emailjs.com",
        VITE_RECAPTCHA_SITE_KEY: "site-key",
        VITE_RECAPTCHA_ORIGIN: "https://www.recaptcha.net",
        VITE_PLAUSIBLE_ENDPOINT: "https://plausible.io/api/event",
        PLAUSIBLE_UPSTREAM: "https://plausible.io/api/event",
        SITE_URL: "https://www.bulwark.dev",
      }),
    ).toEqual([]);
    // Blank is unset: the defaults, both https: and public.
    expect(
      productionSettingFaults({ ...GOOD, VITE_EMAILJS_ORIGIN: " ", VITE_RECAPTCHA_ORIGIN: "" }),
    ).toEqual([]);
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

  it("refuses an http: reCAPTCHA origin, even before the site key is set", () => {
    expect(onlyFault({ VITE_RECAPTCHA_ORIGIN: "http://www.recaptcha.net" })).toBe(
      "Build stopped: VITE_RECAPTCHA_ORIGIN is http://www.recaptcha.net, not an https: origin: " +
        "browsers refuse an http: script on an https: page, so the bot check would never run and " +
        "no signup would send. Set it to https://www.google.com or https://www.recaptcha.net (or " +
        "unset it).",
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
    expect(onlyFault({ SITE_URL: "http://bulwark.dev" })).toBe(
      "Build stopped: SITE_URL is http://bulwark.dev, not an https: address: canonical " +
        "links, the sitemap and sharing cards would send visitors and search engines to an " +
        "unencrypted copy. Set it to the site's public https: address, such as " +
        "https://bulwark.dev.",
    );
  });

  it("refuses a loopback SITE_URL, over https: too", () => {
    expect(onlyFault({ SITE_URL: "http://127.0.0.1:4173" })).toBe(
      "Build stopped: SITE_URL is http://127.0.0.1:4173, a loopback address (127.0.0.0/8): canonical links, " +
        "the sitemap and sharing cards would point every visitor at their own machine. Set it to " +
        "the site's public https: address, such as https://bulwark.dev.",
    );
    expect(onlyFault({ SITE_URL: "https://localhost:8443" })).toContain("a loopback name");
    expect(onlyFault({ SITE_URL: "https://[::1]" })).toContain("a loopback address (::1/128):");
    expect(onlyFault({ SITE_URL: "bulwark.dev" })).toBe(
      "Build stopped: SITE_URL is bulwark.dev, not a URL. Set it to the site's public " +
        "https: address, such as https://bulwark.dev.",
    );
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
        SITE_URL: "http://bulwark.dev",
      },
      { localServices: true },
    );
    expect(faults.map((fault) => fault.slice(0, 60))).toEqual([
      "Build stopped: a production build needs VITE_EMAILJS_SERVICE",
      "Build stopped: VITE_EMAILJS_ORIGIN is http://192.168.1.20, a",
      "Build stopped: VITE_RECAPTCHA_ORIGIN is http://www.google.co",
      "Build stopped: SITE_URL is http://bulwark.dev, not an https:",
    ]);
  });
});
