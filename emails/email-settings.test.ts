import { describe, expect, it } from "vitest";
import { EmailSettingError, readEmailSettings } from "./email-settings";

describe("readEmailSettings", () => {
  it("names every unset setting, the team's address included", () => {
    expect(readEmailSettings({}).missing).toEqual([
      "PRIVACY_CONTROLLER",
      "PRIVACY_CONTACT",
      "PRIVACY_RETENTION_MONTHS",
      "WAITLIST_TEAM_EMAIL",
    ]);
  });

  it("refuses a team address that is not one", () => {
    expect(() => readEmailSettings({ WAITLIST_TEAM_EMAIL: "the team" })).toThrow(EmailSettingError);
  });

  it("reads the site's address and trims the team's", () => {
    const { settings } = readEmailSettings({
      SITE_URL: " https://bulwark.example.com ",
      WAITLIST_TEAM_EMAIL: " team@bulwark.example.com ",
    });
    expect(settings.siteUrl).toBe("https://bulwark.example.com");
    expect(settings.teamEmail).toBe("team@bulwark.example.com");
  });
});
