import { describe, expect, it } from "vitest";
import {
  contactUri,
  missingPrivacySettingsWarning,
  NO_TRUST_SETTINGS,
  readTrustSettings,
  TrustSettingError,
} from "./trust-settings";

const COMPLETE = {
  PRIVACY_CONTROLLER: " Bulwark Example Ltd, 1 Example Street, London ",
  PRIVACY_CONTACT: " privacy@bulwark.example ",
  PRIVACY_RETENTION_MONTHS: " 12 ",
  SECURITY_CONTACT: "https://bulwark.example/security",
};

describe("readTrustSettings", () => {
  it("reads every setting, trimmed, a bare address made a mailto: link", () => {
    expect(readTrustSettings(COMPLETE)).toEqual({
      settings: {
        controller: "Bulwark Example Ltd, 1 Example Street, London",
        privacyContact: {
          href: "mailto:privacy@bulwark.example",
          label: "privacy@bulwark.example",
        },
        retentionMonths: 12,
        securityContact: {
          href: "https://bulwark.example/security",
          label: "https://bulwark.example/security",
        },
      },
      missing: [],
    });
  });

  it("shows a mailto: contact without its scheme", () => {
    const { settings } = readTrustSettings({ SECURITY_CONTACT: "MAILTO:sec@bulwark.example" });
    expect(settings.securityContact).toEqual({
      href: "MAILTO:sec@bulwark.example",
      label: "sec@bulwark.example",
    });
  });

  it("names each unset or blank privacy setting, in order, and holds nothing for it", () => {
    expect(readTrustSettings({})).toEqual({
      settings: NO_TRUST_SETTINGS,
      missing: ["PRIVACY_CONTROLLER", "PRIVACY_CONTACT", "PRIVACY_RETENTION_MONTHS"],
    });
    const partly = readTrustSettings({ ...COMPLETE, PRIVACY_CONTACT: "  " });
    expect(partly.missing).toEqual(["PRIVACY_CONTACT"]);
    expect(partly.settings.privacyContact).toBeNull();
    expect(partly.settings.controller).not.toBeNull();
  });

  it("does not count SECURITY_CONTACT among the privacy settings (security.txt warns for it)", () => {
    const { settings, missing } = readTrustSettings({ ...COMPLETE, SECURITY_CONTACT: "" });
    expect(missing).toEqual([]);
    expect(settings.securityContact).toBeNull();
  });

  it.each(["0", "twelve", "12 months", "-3", "1.5", "1e2"])(
    "refuses a retention of %s, naming the setting",
    (value) => {
      expect(() => readTrustSettings({ PRIVACY_RETENTION_MONTHS: value })).toThrow(
        TrustSettingError,
      );
      expect(() => readTrustSettings({ PRIVACY_RETENTION_MONTHS: value })).toThrow(
        `PRIVACY_RETENTION_MONTHS is a whole number of months above 0, such as 12: not ${value}`,
      );
    },
  );

  it("takes one month", () => {
    expect(readTrustSettings({ PRIVACY_RETENTION_MONTHS: "1" }).settings.retentionMonths).toBe(1);
  });

  it("refuses a contact that is neither an address nor a URI, naming the setting", () => {
    expect(() => readTrustSettings({ PRIVACY_CONTACT: "the privacy team" })).toThrow(
      "PRIVACY_CONTACT is neither an email address nor a URI: the privacy team",
    );
    expect(() => readTrustSettings({ SECURITY_CONTACT: "nobody" })).toThrow(
      "SECURITY_CONTACT is neither an email address nor a URI: nobody",
    );
  });
});

describe("contactUri", () => {
  it("keeps a URI, makes an address mailto:", () => {
    expect(contactUri(" tel:+441234567890 ", "X")).toBe("tel:+441234567890");
    expect(contactUri("mailto:a@b.example", "X")).toBe("mailto:a@b.example");
    expect(contactUri("a@b.example", "X")).toBe("mailto:a@b.example");
    expect(() => contactUri("a.b.example", "X")).toThrow(TrustSettingError);
  });
});

describe("missingPrivacySettingsWarning", () => {
  it("names each setting and says what the page shows instead", () => {
    expect(missingPrivacySettingsWarning(["PRIVACY_CONTROLLER", "PRIVACY_CONTACT"])).toBe(
      "PRIVACY_CONTROLLER, PRIVACY_CONTACT are not set: the privacy notice by the form and the " +
        "footer use neutral wording instead (see .env.example).",
    );
    expect(missingPrivacySettingsWarning(["PRIVACY_CONTACT"])).toMatch(
      /^PRIVACY_CONTACT is not set: /,
    );
  });
});
