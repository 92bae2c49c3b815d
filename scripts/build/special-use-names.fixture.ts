/**
 * The names a production build must refuse whole, as their sources list them, for the tests of
 * private-host.ts and production-settings.ts: typed from the sources, not from the code, so a name
 * the code drops fails its tests.
 */

/**
 * IANA's Special-Use Domain Names registry, every entry as of 2026-07-22, in its order
 * (https://www.iana.org/assignments/special-use-domain-names/).
 */
export const SPECIAL_USE_NAMES = [
  "alt",
  "6tisch.arpa",
  "eap.arpa",
  "eap-noob.arpa",
  "home.arpa",
  "10.in-addr.arpa",
  "16.172.in-addr.arpa",
  "17.172.in-addr.arpa",
  "18.172.in-addr.arpa",
  "19.172.in-addr.arpa",
  "20.172.in-addr.arpa",
  "21.172.in-addr.arpa",
  "22.172.in-addr.arpa",
  "23.172.in-addr.arpa",
  "24.172.in-addr.arpa",
  "25.172.in-addr.arpa",
  "26.172.in-addr.arpa",
  "27.172.in-addr.arpa",
  "28.172.in-addr.arpa",
  "29.172.in-addr.arpa",
  "30.172.in-addr.arpa",
  "31.172.in-addr.arpa",
  "168.192.in-addr.arpa",
  "170.0.0.192.in-addr.arpa",
  "171.0.0.192.in-addr.arpa",
  "254.169.in-addr.arpa",
  "8.e.f.ip6.arpa",
  "9.e.f.ip6.arpa",
  "a.e.f.ip6.arpa",
  "b.e.f.ip6.arpa",
  "ipv4only.arpa",
  "resolver.arpa",
  "service.arpa",
  "example",
  "example.com",
  "example.net",
  "example.org",
  "invalid",
  "local",
  "localhost",
  "onion",
  "test",
];

/**
 * The names ICANN will not delegate, for their use in private networks: `.corp`, `.home` and
 * `.mail` (Board resolution 2018.02.04.12) and `.internal` (Board resolution 2024.07.29.06).
 */
export const UNDELEGATED_NAMES = ["corp", "home", "mail", "internal"];
