import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { securityTxt, writeSecurityTxt } from "./security-txt";

const NOW = new Date("2026-11-23T07:08:09.000Z");

describe("security.txt", () => {
  it("has Contact, Expires one year on, Preferred-Languages and Canonical (RFC 9116)", () => {
    expect(
      securityTxt({
        contact: "security@bulwark.example",
        siteUrl: "https://bulwark.example",
        now: NOW,
      }),
    ).toBe(
      [
        "Contact: mailto:security@bulwark.example",
        "Expires: 2027-11-23T07:08:09.000Z",
        "Preferred-Languages: en",
        "Canonical: https://bulwark.example/.well-known/security.txt",
        "",
      ].join("\n"),
    );
  });

  it("keeps a URI contact and ignores a path or trailing slash on the site URL", () => {
    const text = securityTxt({
      contact: " https://bulwark.example/security ",
      siteUrl: "https://bulwark.example/",
      now: NOW,
    });
    expect(text).toContain("Contact: https://bulwark.example/security\n");
    expect(text).toContain("Canonical: https://bulwark.example/.well-known/security.txt\n");
  });

  it("keeps mailto: as given and refuses a contact that is neither address nor URI", () => {
    const text = securityTxt({ contact: "mailto:a@b.example", siteUrl: "https://b.example" });
    expect(text).toContain("Contact: mailto:a@b.example\n");
    expect(() => securityTxt({ contact: "nobody", siteUrl: "https://b.example" })).toThrow(
      /SECURITY_CONTACT/,
    );
  });

  it("expires one year on even from 29 February", () => {
    const text = securityTxt({
      contact: "a@b.example",
      siteUrl: "https://b.example",
      now: new Date("2028-02-29T12:00:00.000Z"),
    });
    expect(text).toMatch(/^Expires: 2029-03-01T12:00:00\.000Z$/m);
  });
});

describe("writeSecurityTxt", () => {
  let dir = "";
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("writes dist/.well-known/security.txt when the setting is there", async () => {
    dir = await mkdtemp(join(tmpdir(), "security-txt-"));
    const wrote = await writeSecurityTxt({
      distDir: dir,
      contact: "security@bulwark.example",
      siteUrl: "https://bulwark.example",
      now: NOW,
    });
    expect(wrote).toBe(true);
    const text = await readFile(join(dir, ".well-known/security.txt"), "utf8");
    expect(text).toMatch(/^Contact: mailto:security@bulwark\.example$/m);
  });

  it("warns and writes nothing without the setting", async () => {
    dir = await mkdtemp(join(tmpdir(), "security-txt-"));
    const warn = vi.fn();
    const wrote = await writeSecurityTxt({
      distDir: dir,
      contact: " ",
      siteUrl: "https://b.example",
      warn,
    });
    expect(wrote).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("SECURITY_CONTACT is not set"));
    await expect(stat(join(dir, ".well-known"))).rejects.toThrow();
  });
});
