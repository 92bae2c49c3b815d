import { describe, expect, it } from "vitest";
import { hostKind } from "./private-host";

/** A URL's hostname, as the build hands it over. */
const hostOf = (url: string) => new URL(url).hostname;

describe("hostKind", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "127.1",
    "0x7f.0.0.1",
    "2130706433",
    "localhost",
    "LOCALHOST.",
    "api.localhost",
    "[::1]",
    "::1",
    "[0:0:0:0:0:0:0:1]",
    "[::ffff:127.0.0.1]",
    "::ffff:7f00:1",
    "[::127.0.0.1]",
  ])("%s is the loopback", (host) => {
    expect(hostKind(host)).toBe("loopback");
  });

  it.each([
    "10.0.0.1",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.10",
    "[::ffff:10.0.0.1]",
    "[::ffff:192.168.0.1]",
  ])("%s is private", (host) => {
    expect(hostKind(host)).toBe("private");
  });

  it.each(["169.254.169.254", "[fe80::1]", "[febf::1]", "[::ffff:169.254.1.1]"])(
    "%s is link-local",
    (host) => {
      expect(hostKind(host)).toBe("link-local");
    },
  );

  it.each(["[fc00::1]", "[fd12:3456:789a::1]", "FDFF::1"])("%s is unique-local", (host) => {
    expect(hostKind(host)).toBe("unique-local");
  });

  it.each(["0.0.0.0", "0", "0.1.2.3", "[::]", "[::ffff:0.0.0.0]"])("%s is unspecified", (host) => {
    expect(hostKind(host)).toBe("unspecified");
  });

  it.each([
    "api.emailjs.com",
    "www.google.com",
    "localhost.example.com",
    "mylocalhost",
    "8.8.8.8",
    "172.15.255.255",
    "172.32.0.1",
    "192.167.1.1",
    "169.253.1.1",
    "11.0.0.1",
    "126.255.255.255",
    "128.0.0.1",
    "[2606:4700::1111]",
    "[::ffff:8.8.8.8]",
    "[fec0::1]",
    "[fe7f::1]",
    "[fbff::1]",
    "[::2:0:0]",
  ])("%s is public", (host) => {
    expect(hostKind(host)).toBe("public");
  });

  it("reads a URL's hostname as the build passes it", () => {
    expect(hostKind(hostOf("http://127.0.0.1:4180"))).toBe("loopback");
    expect(hostKind(hostOf("https://[::ffff:192.168.0.1]:8443/x"))).toBe("private");
    expect(hostKind(hostOf("https://api.emailjs.com/"))).toBe("public");
  });
});
