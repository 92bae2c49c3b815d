/**
 * Which kind of host a URL names, as a browser would reach it: this machine, its own network, or the
 * public internet. The production build refuses service origins that are not public
 * (scripts/build/production-settings.ts). Pure: names are not resolved, so only `localhost` and
 * `*.localhost` are known by name.
 */

export type HostKind =
  /** 127.0.0.0/8, ::1, localhost and *.localhost: the visitor's own machine. */
  | "loopback"
  /** 0.0.0.0/8 and ::, which a browser's connection reaches on its own machine. */
  | "unspecified"
  /** RFC 1918: 10/8, 172.16/12, 192.168/16. */
  | "private"
  /** 169.254/16 and fe80::/10. */
  | "link-local"
  /** fc00::/7, IPv6's private addresses. */
  | "unique-local"
  | "public";

/** The kind of an IPv4 address given as its four numbers. */
function ipv4Kind([a, b]: readonly number[]): HostKind {
  if (a === 127) return "loopback";
  if (a === 0) return "unspecified";
  if (a === 10 || (a === 172 && b !== undefined && b >= 16 && b <= 31)) return "private";
  if (a === 192 && b === 168) return "private";
  if (a === 169 && b === 254) return "link-local";
  return "public";
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.slice(1).map(Number);
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) =>
    part
      ? part.split(":").map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : NaN))
      : [];
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 1 ? 0 : missing).fill(0), ...rest];
  return groups.some(Number.isNaN) ? null : groups;
}

function ipv6Kind(groups: readonly number[]): HostKind {
  const [first = 0, , , , , sixth = 0, seventh = 0, eighth = 0] = groups;
  const leadingZeros = groups.findIndex((group) => group !== 0);
  if (leadingZeros === -1) return "unspecified";
  if (leadingZeros === 7 && eighth === 1) return "loopback";
  // IPv4-mapped (::ffff:a.b.c.d) and the older IPv4-compatible (::a.b.c.d): the IPv4 address decides.
  if ((leadingZeros === 5 && sixth === 0xffff) || leadingZeros >= 6) {
    return ipv4Kind([seventh >> 8, seventh & 0xff, eighth >> 8, eighth & 0xff]);
  }
  if ((first & 0xffc0) === 0xfe80) return "link-local";
  if ((first & 0xfe00) === 0xfc00) return "unique-local";
  return "public";
}

/**
 * The kind of `host`: a URL's hostname (`127.0.0.1`, `[::1]`, `api.emailjs.com`) or a bare address
 * (`::1`). Other spellings of an address (`127.1`, `0x7f.0.0.1`, `2130706433`) are read as a browser
 * reads them.
 */
export function hostKind(host: string): HostKind {
  const bare = host.trim().replace(/^\[(.*)\]$/, "$1");
  let hostname: string;
  try {
    hostname = new URL(`http://${bare.includes(":") ? `[${bare}]` : bare}/`).hostname;
  } catch {
    return "public";
  }
  const name = hostname.replace(/\.+$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return "loopback";
  if (name.startsWith("[")) {
    const groups = ipv6Groups(name.slice(1, -1));
    return groups ? ipv6Kind(groups) : "public";
  }
  const ipv4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(name);
  return ipv4 ? ipv4Kind(ipv4.slice(1).map(Number)) : "public";
}
