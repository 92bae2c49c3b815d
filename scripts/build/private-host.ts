/**
 * Where a URL's host would take a visitor's browser: this machine, its own network, nowhere on the
 * public internet, a placeholder, or a public host. The build refuses a service origin that is not
 * public (scripts/build/production-settings.ts). The addresses are IANA's special-purpose registries
 * (IPv4 and IPv6, with the IPv4 address inside a mapped, NAT64 or 6to4 one deciding), the names
 * those of NAME_RANGES below (IANA's special-use domain names, the names ICANN will not delegate,
 * the whole of `.arpa`, and those in common private use). Pure: names are not resolved, so a public
 * name that resolves to a private address is not caught.
 */

export type HostKind =
  /** 127.0.0.0/8, ::1, `localhost`, `*.localhost`, `localhost.localdomain`: the visitor's own machine. */
  | "loopback"
  /** 0.0.0.0/8 and ::, which a browser's connection reaches on its own machine. */
  | "unspecified"
  /** Private, shared, link-local and unique-local addresses, and names only a local network resolves. */
  | "local"
  /**
   * Documentation, benchmarking, protocol, multicast and reserved addresses, and names for tests,
   * never to resolve, of Tor, outside the DNS, of a protocol or under `.arpa`: no public host has one.
   */
  | "unreachable"
  /** The names reserved for documentation (`.example`, `example.com`): placeholders of no one's service. */
  | "placeholder"
  /** Not a name or address a browser could reach (the URL's host cannot be read). */
  | "unparsable"
  | "public";

/** A host's kind, and what it is in words with its range (`a private address (10.0.0.0/8)`). */
export type HostClass = { kind: HostKind; what: string };

type Range = { network: string; bits: number; kind: HostKind; what: string };
/** A range whose addresses carry an IPv4 address, which decides: its bits, from the left. */
type Wrapper = { network: string; bits: number; what: string; ipv4At: number };

/** A range, its words naming it (`a private address (10.0.0.0/8)`). */
const range = (network: string, bits: number, kind: HostKind, what: string): Range => ({
  network,
  bits,
  kind,
  what: `${what} (${network}/${bits})`,
});

/** IANA's IPv4 special-purpose registry, the ranges no public host has; the first match decides. */
const IPV4_RANGES: readonly Range[] = [
  range("0.0.0.0", 8, "unspecified", "the unspecified address"),
  range("10.0.0.0", 8, "local", "a private address"),
  range("100.64.0.0", 10, "local", "a shared (carrier-grade NAT) address"),
  range("127.0.0.0", 8, "loopback", "a loopback address"),
  range("169.254.0.0", 16, "local", "a link-local address"),
  range("172.16.0.0", 12, "local", "a private address"),
  range("192.0.0.0", 24, "unreachable", "an IETF protocol address"),
  range("192.0.2.0", 24, "unreachable", "a documentation address"),
  range("192.88.99.0", 24, "unreachable", "a retired 6to4 relay address"),
  range("192.168.0.0", 16, "local", "a private address"),
  range("198.18.0.0", 15, "unreachable", "a benchmarking address"),
  range("198.51.100.0", 24, "unreachable", "a documentation address"),
  range("203.0.113.0", 24, "unreachable", "a documentation address"),
  range("224.0.0.0", 4, "unreachable", "a multicast address"),
  range("255.255.255.255", 32, "unreachable", "the broadcast address"),
  range("240.0.0.0", 4, "unreachable", "a reserved address"),
];

/** IPv6's wrappers of an IPv4 address; checked before the ranges below. */
const IPV6_WRAPPERS: readonly Wrapper[] = [
  { network: "::ffff:0:0", bits: 96, what: "an IPv4-mapped address", ipv4At: 96 },
  { network: "64:ff9b::", bits: 96, what: "a NAT64 address", ipv4At: 96 },
  { network: "2002::", bits: 16, what: "a 6to4 address", ipv4At: 16 },
];

/** IANA's IPv6 special-purpose registry and address space; the first match decides. */
const IPV6_RANGES: readonly Range[] = [
  range("::", 128, "unspecified", "the unspecified address"),
  range("::1", 128, "loopback", "a loopback address"),
  // The deprecated IPv4-compatible form: no public host has one either.
  range("::", 96, "unreachable", "an IPv4-compatible address"),
  range("64:ff9b:1::", 48, "local", "a local-use NAT64 address"),
  range("100::", 64, "unreachable", "a discard-only address"),
  range("2001:db8::", 32, "unreachable", "a documentation address"),
  range("2001::", 23, "unreachable", "an IETF protocol address"),
  range("3fff::", 20, "unreachable", "a documentation address"),
  range("fc00::", 7, "local", "a unique-local address"),
  range("fe80::", 10, "local", "a link-local address"),
  range("fec0::", 10, "local", "a site-local address"),
  range("ff00::", 8, "unreachable", "a multicast address"),
];

/** IPv6's global unicast space: whatever lies outside it (and the ranges above) is reserved. */
const GLOBAL_UNICAST = { network: "2000::", bits: 3 };

/** A name and every name under it (`local` holds `printer.local`), its words naming it. */
type NameRange = { suffix: string; kind: HostKind; what: string };

/** Names of one kind, in the same words. */
const names = (kind: HostKind, what: string, suffixes: string[]): NameRange[] =>
  suffixes.map((suffix) => ({ suffix, kind, what: `${what} (.${suffix})` }));

/**
 * The names no public host has, each with every name under it; the first match decides
 * (`localhost.localdomain` is this machine before `.localdomain` is a network's).
 */
const NAME_RANGES: readonly NameRange[] = [
  // IANA's Special-Use Domain Names registry, every entry as of 2026-07-22
  // (https://www.iana.org/assignments/special-use-domain-names/), its reverse-DNS zones
  // (10.in-addr.arpa, 16.172 to 31.172, 168.192, 254.169, 170.0.0.192 and 171.0.0.192.in-addr.arpa,
  // 8.e.f to b.e.f.ip6.arpa) held by `.in-addr.arpa` and `.ip6.arpa` below.
  ...names("loopback", "a loopback name", ["localhost"]), // RFC 6761
  // RFC 6762, RFC 8375, RFC 9665
  ...names("local", "a local network's name", ["local", "home.arpa", "service.arpa"]),
  ...names("unreachable", "a name reserved for testing", ["test"]), // RFC 6761
  ...names("unreachable", "a name that never resolves", ["invalid"]), // RFC 6761
  // RFC 6761
  ...names("placeholder", "a name reserved for documentation", [
    "example",
    "example.com",
    "example.net",
    "example.org",
  ]),
  ...names("unreachable", "a Tor onion service's name", ["onion"]), // RFC 7686
  ...names("unreachable", "a name outside the DNS", ["alt"]), // RFC 9476
  // RFC 8880, RFC 9462, RFC 9031, RFC 9965 and RFC 9140 (eap-noob.arpa, deprecated by eap.arpa)
  ...names("unreachable", "a name a protocol reserves", [
    "ipv4only.arpa",
    "resolver.arpa",
    "6tisch.arpa",
    "eap.arpa",
    "eap-noob.arpa",
  ]),
  // All of reverse DNS (RFC 1035 3.5, RFC 3596 2.5), not only the registry's zones, and the rest of
  // `.arpa`, the internet's infrastructure domain (RFC 3172): names of addresses and protocols,
  // never of a site or a service.
  ...names("unreachable", "a reverse-DNS name", ["in-addr.arpa", "ip6.arpa"]),
  ...names("unreachable", "an internet infrastructure name", ["arpa"]),
  // The names ICANN will not delegate, for their use in private networks: `.corp`, `.home` and
  // `.mail` (Board resolution 2018.02.04.12) and `.internal` (Board resolution 2024.07.29.06).
  ...names("local", "a local network's name", ["corp", "home", "mail", "internal"]),
  // In common private use (RFC 6762, Appendix G), and Linux's names for this machine and its network.
  {
    suffix: "localhost.localdomain",
    kind: "loopback",
    what: "a loopback name (localhost.localdomain)",
  },
  ...names("local", "a local network's name", ["lan", "intranet", "private", "localdomain"]),
];

/** A DNS name's label (underscores allowed, as in service names) and a whole name's length. */
const NAME_LABEL = /^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/;
const MAX_NAME = 253;

/** An IPv4 address as a 32-bit number, or null. */
function ipv4Number(address: string): bigint | null {
  const parts = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (!parts) return null;
  const bytes = parts.slice(1).map(Number);
  if (bytes.some((byte) => byte > 255)) return null;
  return bytes.reduce((sum, byte) => (sum << 8n) | BigInt(byte), 0n);
}

/** An IPv6 address (hex groups, as URL parsing writes it) as a 128-bit number, or null. */
function ipv6Number(address: string): bigint | null {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill("0"), ...tail];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return all.reduce((sum, group) => (sum << 16n) | BigInt(parseInt(group, 16)), 0n);
}

/** Whether `address` is in `network`/`bits`, of a `width`-bit family. */
function inRange(address: bigint, network: bigint, bits: number, width: number): boolean {
  const shift = BigInt(width - bits);
  return address >> shift === network >> shift;
}

function ipv4Class(address: bigint): HostClass {
  const range = IPV4_RANGES.find((range) =>
    inRange(address, ipv4Number(range.network) ?? 0n, range.bits, 32),
  );
  return range
    ? { kind: range.kind, what: range.what }
    : { kind: "public", what: "a public address" };
}

function ipv6Class(address: bigint): HostClass {
  for (const wrapper of IPV6_WRAPPERS) {
    if (!inRange(address, ipv6Number(wrapper.network) ?? 0n, wrapper.bits, 128)) continue;
    const inner = ipv4Class((address >> BigInt(128 - wrapper.ipv4At - 32)) & 0xffffffffn);
    const range = `${wrapper.network}/${wrapper.bits}`;
    return { kind: inner.kind, what: `${inner.what} inside ${wrapper.what} (${range})` };
  }
  const inside = ({ network, bits }: { network: string; bits: number }) =>
    inRange(address, ipv6Number(network) ?? 0n, bits, 128);
  const range = IPV6_RANGES.find(inside);
  if (range) return { kind: range.kind, what: range.what };
  if (!inside(GLOBAL_UNICAST)) {
    return { kind: "unreachable", what: "a reserved address (outside 2000::/3)" };
  }
  return { kind: "public", what: "a public address" };
}

const UNPARSABLE: HostClass = { kind: "unparsable", what: "a host that cannot be read" };

function nameClass(name: string): HostClass {
  const range = NAME_RANGES.find(({ suffix }) => name === suffix || name.endsWith(`.${suffix}`));
  if (range) return { kind: range.kind, what: range.what };
  if (name.length > MAX_NAME || !name.split(".").every((label) => NAME_LABEL.test(label))) {
    return UNPARSABLE;
  }
  if (!name.includes(".")) {
    return { kind: "local", what: "a single-label name, which only a local network resolves" };
  }
  return { kind: "public", what: "a public name" };
}

/**
 * The class of `host`: a URL's hostname (`127.0.0.1`, `[::1]`, `api.emailjs.com`) or a bare address
 * (`::1`). Other spellings of an IPv4 address (`127.1`, `0x7f.0.0.1`, `0177.0.0.1`, `2130706433`)
 * are read as a browser reads them; a trailing dot is the same name.
 */
export function hostClass(host: string): HostClass {
  const trimmed = host.trim();
  const bracketed = /^\[(.*)\]$/.exec(trimmed);
  const bare = bracketed?.[1] ?? trimmed;
  if (bare === "") return UNPARSABLE;
  let hostname: string;
  try {
    hostname = new URL(`http://${bracketed || bare.includes(":") ? `[${bare}]` : bare}/`).hostname;
  } catch {
    return UNPARSABLE;
  }
  if (hostname.startsWith("[")) {
    const address = ipv6Number(hostname.slice(1, -1));
    return address === null ? UNPARSABLE : ipv6Class(address);
  }
  const name = hostname.replace(/\.+$/, "");
  if (name === "") return UNPARSABLE;
  const address = ipv4Number(name);
  return address === null ? nameClass(name) : ipv4Class(address);
}
