/**
 * Where a URL's host would take a visitor's browser: this machine, its own network, nowhere on the
 * public internet, or a public host. The build refuses a service origin that is not public
 * (scripts/build/production-settings.ts). The addresses are IANA's special-purpose registries (IPv4
 * and IPv6, with the IPv4 address inside a mapped, NAT64 or 6to4 one deciding), the names IANA's
 * special-use domain names registry (RFC 6761, RFC 6762, RFC 8375, RFC 7686, RFC 9476), ICANN's
 * `.internal` and those in common private use (RFC 6762, Appendix G). `.example` stays public: the
 * docs and tests build with it. Pure: names are not resolved, so a public name that resolves to a
 * private address is not caught.
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
   * never to resolve, of Tor or outside the DNS: no public host has one.
   */
  | "unreachable"
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

const names = (suffix: string, kind: HostKind, what: string): NameRange => ({
  suffix,
  kind,
  what: `${what} (.${suffix})`,
});

/**
 * The special-use names no public host has, and those only a local network resolves; the first
 * match decides (`localhost.localdomain` is this machine before `.localdomain` is a network's).
 */
const NAME_RANGES: readonly NameRange[] = [
  // RFC 6761 6.3: the loopback, whatever is before it.
  names("localhost", "loopback", "a loopback name"),
  {
    suffix: "localhost.localdomain",
    kind: "loopback",
    what: "a loopback name (localhost.localdomain)",
  },
  // RFC 6761 6.2 and 6.4: for tests, and never to resolve.
  names("test", "unreachable", "a name reserved for testing"),
  names("invalid", "unreachable", "a name that never resolves"),
  // RFC 7686 and RFC 9476: Tor's onion services, and names outside the DNS altogether.
  names("onion", "unreachable", "a Tor onion service's name"),
  names("alt", "unreachable", "a name outside the DNS"),
  // RFC 6762 (multicast DNS), RFC 8375 (home networks), ICANN's private-use `.internal` (2024).
  names("local", "local", "a local network's name"),
  names("home.arpa", "local", "a local network's name"),
  names("internal", "local", "a local network's name"),
  // In common private use (RFC 6762, Appendix G), and Linux's name for this machine's network.
  names("lan", "local", "a local network's name"),
  names("home", "local", "a local network's name"),
  names("corp", "local", "a local network's name"),
  names("intranet", "local", "a local network's name"),
  names("private", "local", "a local network's name"),
  names("localdomain", "local", "a local network's name"),
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
