import { describe, expect, it } from "vitest";
import { hostClass } from "./private-host";
import { SPECIAL_USE_NAMES, UNDELEGATED_NAMES } from "./special-use-names.fixture";

/** Each host, as a URL's hostname or bare, with its kind and what it is in words. */
const HOSTS: [host: string, kind: string, what: string][] = [
  // IPv4's special-purpose registry, each range at its edges.
  ["0.0.0.0", "unspecified", "the unspecified address (0.0.0.0/8)"],
  ["0.255.255.255", "unspecified", "the unspecified address (0.0.0.0/8)"],
  ["10.0.0.1", "local", "a private address (10.0.0.0/8)"],
  ["10.255.255.255", "local", "a private address (10.0.0.0/8)"],
  ["100.64.0.0", "local", "a shared (carrier-grade NAT) address (100.64.0.0/10)"],
  ["100.127.255.255", "local", "a shared (carrier-grade NAT) address (100.64.0.0/10)"],
  ["127.0.0.1", "loopback", "a loopback address (127.0.0.0/8)"],
  ["127.255.255.254", "loopback", "a loopback address (127.0.0.0/8)"],
  ["169.254.169.254", "local", "a link-local address (169.254.0.0/16)"],
  ["172.16.0.1", "local", "a private address (172.16.0.0/12)"],
  ["172.31.255.255", "local", "a private address (172.16.0.0/12)"],
  ["192.0.0.8", "unreachable", "an IETF protocol address (192.0.0.0/24)"],
  ["192.0.2.1", "unreachable", "a documentation address (192.0.2.0/24)"],
  ["192.88.99.1", "unreachable", "a retired 6to4 relay address (192.88.99.0/24)"],
  ["192.168.1.10", "local", "a private address (192.168.0.0/16)"],
  ["198.18.0.1", "unreachable", "a benchmarking address (198.18.0.0/15)"],
  ["198.19.255.255", "unreachable", "a benchmarking address (198.18.0.0/15)"],
  ["198.51.100.7", "unreachable", "a documentation address (198.51.100.0/24)"],
  ["203.0.113.9", "unreachable", "a documentation address (203.0.113.0/24)"],
  ["224.0.0.251", "unreachable", "a multicast address (224.0.0.0/4)"],
  ["239.255.255.250", "unreachable", "a multicast address (224.0.0.0/4)"],
  ["240.0.0.1", "unreachable", "a reserved address (240.0.0.0/4)"],
  ["255.255.255.254", "unreachable", "a reserved address (240.0.0.0/4)"],
  ["255.255.255.255", "unreachable", "the broadcast address (255.255.255.255/32)"],
  // Other spellings of an IPv4 address, read as URL parsing reads them.
  ["127.1", "loopback", "a loopback address (127.0.0.0/8)"],
  ["0x7f.0.0.1", "loopback", "a loopback address (127.0.0.0/8)"],
  ["0177.0.0.1", "loopback", "a loopback address (127.0.0.0/8)"],
  ["2130706433", "loopback", "a loopback address (127.0.0.0/8)"],
  ["0", "unspecified", "the unspecified address (0.0.0.0/8)"],
  ["10.1", "local", "a private address (10.0.0.0/8)"],
  ["0xa9fea9fe", "local", "a link-local address (169.254.0.0/16)"],
  ["3232235777", "local", "a private address (192.168.0.0/16)"],
  // IPv6's special-purpose registry and address space.
  ["[::]", "unspecified", "the unspecified address (::/128)"],
  ["::1", "loopback", "a loopback address (::1/128)"],
  ["[0:0:0:0:0:0:0:1]", "loopback", "a loopback address (::1/128)"],
  ["[::2]", "unreachable", "an IPv4-compatible address (::/96)"],
  ["[::127.0.0.1]", "unreachable", "an IPv4-compatible address (::/96)"],
  ["[64:ff9b:1::1]", "local", "a local-use NAT64 address (64:ff9b:1::/48)"],
  ["[64:ff9b:1::8.8.8.8]", "local", "a local-use NAT64 address (64:ff9b:1::/48)"],
  ["[100::1]", "unreachable", "a discard-only address (100::/64)"],
  ["[2001::1]", "unreachable", "an IETF protocol address (2001::/23)"],
  ["[2001:1ff:ffff::1]", "unreachable", "an IETF protocol address (2001::/23)"],
  ["[2001:db8::1]", "unreachable", "a documentation address (2001:db8::/32)"],
  ["[3fff::1]", "unreachable", "a documentation address (3fff::/20)"],
  ["[fc00::1]", "local", "a unique-local address (fc00::/7)"],
  ["FDFF::1", "local", "a unique-local address (fc00::/7)"],
  ["[fe80::1]", "local", "a link-local address (fe80::/10)"],
  ["[febf::1]", "local", "a link-local address (fe80::/10)"],
  ["[fec0::1]", "local", "a site-local address (fec0::/10)"],
  ["[feff::1]", "local", "a site-local address (fec0::/10)"],
  ["[ff02::1]", "unreachable", "a multicast address (ff00::/8)"],
  ["[5f00::1]", "unreachable", "a reserved address (outside 2000::/3)"],
  ["[4000::1]", "unreachable", "a reserved address (outside 2000::/3)"],
  ["[fbff::1]", "unreachable", "a reserved address (outside 2000::/3)"],
  // The IPv4 address inside a mapped, NAT64 or 6to4 one decides.
  [
    "[::ffff:127.0.0.1]",
    "loopback",
    "a loopback address (127.0.0.0/8) inside an IPv4-mapped address (::ffff:0:0/96)",
  ],
  [
    "::ffff:7f00:1",
    "loopback",
    "a loopback address (127.0.0.0/8) inside an IPv4-mapped address (::ffff:0:0/96)",
  ],
  [
    "[::ffff:10.0.0.1]",
    "local",
    "a private address (10.0.0.0/8) inside an IPv4-mapped address (::ffff:0:0/96)",
  ],
  [
    "[::ffff:0.0.0.0]",
    "unspecified",
    "the unspecified address (0.0.0.0/8) inside an IPv4-mapped address (::ffff:0:0/96)",
  ],
  ["[::ffff:8.8.8.8]", "public", "a public address inside an IPv4-mapped address (::ffff:0:0/96)"],
  [
    "[64:ff9b::10.0.0.1]",
    "local",
    "a private address (10.0.0.0/8) inside a NAT64 address (64:ff9b::/96)",
  ],
  [
    "[64:ff9b::c0a8:101]",
    "local",
    "a private address (192.168.0.0/16) inside a NAT64 address (64:ff9b::/96)",
  ],
  ["[64:ff9b::8.8.8.8]", "public", "a public address inside a NAT64 address (64:ff9b::/96)"],
  [
    "[2002:7f00:1::1]",
    "loopback",
    "a loopback address (127.0.0.0/8) inside a 6to4 address (2002::/16)",
  ],
  [
    "[2002:c0a8:101::1]",
    "local",
    "a private address (192.168.0.0/16) inside a 6to4 address (2002::/16)",
  ],
  ["[2002:808:808::1]", "public", "a public address inside a 6to4 address (2002::/16)"],
  // Names: this machine's, and those only a local network resolves; a trailing dot is the same name.
  ["localhost", "loopback", "a loopback name (.localhost)"],
  ["LOCALHOST.", "loopback", "a loopback name (.localhost)"],
  ["api.localhost", "loopback", "a loopback name (.localhost)"],
  ["localhost.localdomain", "loopback", "a loopback name (localhost.localdomain)"],
  ["localhost.localdomain.", "loopback", "a loopback name (localhost.localdomain)"],
  ["box.localdomain", "local", "a local network's name (.localdomain)"],
  ["printer.local", "local", "a local network's name (.local)"],
  ["printer.local.", "local", "a local network's name (.local)"],
  ["api.internal", "local", "a local network's name (.internal)"],
  ["nas.home.arpa", "local", "a local network's name (.home.arpa)"],
  ["intranet", "local", "a local network's name (.intranet)"],
  ["wiki", "local", "a single-label name, which only a local network resolves"],
  // The special-use names that are on no network (RFC 6761, RFC 7686, RFC 9476).
  ["api.test", "unreachable", "a name reserved for testing (.test)"],
  ["TEST", "unreachable", "a name reserved for testing (.test)"],
  ["api.emailjs.invalid", "unreachable", "a name that never resolves (.invalid)"],
  ["invalid.", "unreachable", "a name that never resolves (.invalid)"],
  [
    "duckduckgogg42xjoc72x3sjasowoarfbgcmvfimaftt6twagswzczad.onion",
    "unreachable",
    "a Tor onion service's name (.onion)",
  ],
  ["api.alt", "unreachable", "a name outside the DNS (.alt)"],
  // RFC 6761's documentation names: placeholders, whose hosts serve no one's site.
  ["bulwark.example", "placeholder", "a name reserved for documentation (.example)"],
  ["bulwark.example.com", "placeholder", "a name reserved for documentation (.example.com)"],
  ["EXAMPLE.NET.", "placeholder", "a name reserved for documentation (.example.net)"],
  ["api.example.org", "placeholder", "a name reserved for documentation (.example.org)"],
  // The registry's names of protocols, and the whole of reverse DNS and of `.arpa`.
  ["ipv4only.arpa", "unreachable", "a name a protocol reserves (.ipv4only.arpa)"],
  ["noob.eap.arpa", "unreachable", "a name a protocol reserves (.eap.arpa)"],
  ["_dns.resolver.arpa", "unreachable", "a name a protocol reserves (.resolver.arpa)"],
  ["default.service.arpa", "local", "a local network's name (.service.arpa)"],
  ["1.0.0.127.in-addr.arpa", "unreachable", "a reverse-DNS name (.in-addr.arpa)"],
  ["4.4.8.8.in-addr.arpa", "unreachable", "a reverse-DNS name (.in-addr.arpa)"],
  ["10.in-addr.arpa", "unreachable", "a reverse-DNS name (.in-addr.arpa)"],
  [`1.${"0.".repeat(31)}ip6.arpa`, "unreachable", "a reverse-DNS name (.ip6.arpa)"],
  ["e164.arpa", "unreachable", "an internet infrastructure name (.arpa)"],
  ["arpa", "unreachable", "an internet infrastructure name (.arpa)"],
  // The names ICANN will not delegate.
  ["x.mail", "local", "a local network's name (.mail)"],
  ["mail", "local", "a local network's name (.mail)"],
  // The names in common private use (RFC 6762, Appendix G).
  ["router.lan", "local", "a local network's name (.lan)"],
  ["nas.home", "local", "a local network's name (.home)"],
  ["mail.corp", "local", "a local network's name (.corp)"],
  ["wiki.intranet", "local", "a local network's name (.intranet)"],
  ["db.private", "local", "a local network's name (.private)"],
  // What cannot be read as a name or an address.
  ["", "unparsable", "a host that cannot be read"],
  ["[zz]", "unparsable", "a host that cannot be read"],
  ["[1::2::3]", "unparsable", "a host that cannot be read"],
  ["a b", "unparsable", "a host that cannot be read"],
  ["api..emailjs.com", "unparsable", "a host that cannot be read"],
  ["a*b.bulwark.dev", "unparsable", "a host that cannot be read"],
  ["-api.bulwark.dev", "unparsable", "a host that cannot be read"],
  [`${"a".repeat(64)}.bulwark.dev`, "unparsable", "a host that cannot be read"],
  // Public: the edges of the ranges above, and public names that merely look local.
  ["api.emailjs.com", "public", "a public name"],
  ["api.emailjs.com.", "public", "a public name"],
  ["xn--bcher-kva.de", "public", "a public name"],
  ["bulwark.dev", "public", "a public name"],
  ["localhost.bulwark.dev", "public", "a public name"],
  ["local.bulwark.dev", "public", "a public name"],
  ["mylocalhost.com", "public", "a public name"],
  ["test.bulwark.dev", "public", "a public name"],
  ["api.testing.com", "public", "a public name"],
  ["lan.bulwark.dev", "public", "a public name"],
  ["example.bulwark.dev", "public", "a public name"],
  ["myexample.com", "public", "a public name"],
  ["mail.bulwark.dev", "public", "a public name"],
  ["arpa.bulwark.dev", "public", "a public name"],
  ["corporate.com", "public", "a public name"],
  ["8.8.8.8", "public", "a public address"],
  ["9.255.255.255", "public", "a public address"],
  ["11.0.0.0", "public", "a public address"],
  ["100.63.255.255", "public", "a public address"],
  ["100.128.0.0", "public", "a public address"],
  ["172.15.255.255", "public", "a public address"],
  ["172.32.0.0", "public", "a public address"],
  ["192.0.1.255", "public", "a public address"],
  ["192.167.255.255", "public", "a public address"],
  ["198.17.255.255", "public", "a public address"],
  ["198.20.0.0", "public", "a public address"],
  ["223.255.255.255", "public", "a public address"],
  ["[2606:4700::1111]", "public", "a public address"],
  ["[2001:200::1]", "public", "a public address"],
  ["[2001:db7:ffff::1]", "public", "a public address"],
  ["[3fff:1000::1]", "public", "a public address"],
];

describe("hostClass", () => {
  it.each(HOSTS)("%j is %s: %s", (host, kind, what) => {
    expect(hostClass(host)).toEqual({ kind, what });
  });

  // Each name, and a name under it: never public, in words naming it or the zone that holds it.
  it.each([...SPECIAL_USE_NAMES, ...UNDELEGATED_NAMES].flatMap((name) => [name, `x.${name}`]))(
    "%s is not public",
    (host) => {
      const { kind, what } = hostClass(host);
      expect(["loopback", "local", "unreachable", "placeholder"]).toContain(kind);
      const zone = /\(\.([a-z0-9.-]+)\)$/.exec(what)?.[1] ?? "";
      expect(host === zone || host.endsWith(`.${zone}`), what).toBe(true);
    },
  );

  it("reads a URL's hostname as the build passes it", () => {
    const hostOf = (url: string) => new URL(url).hostname;
    expect(hostClass(hostOf("http://127.0.0.1:4180")).kind).toBe("loopback");
    expect(hostClass(hostOf("https://[::ffff:192.168.0.1]:8443/x")).kind).toBe("local");
    expect(hostClass(hostOf("https://api.emailjs.com/")).kind).toBe("public");
  });
});
