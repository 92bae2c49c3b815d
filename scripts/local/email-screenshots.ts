/**
 * Screenshots of the two emails a signup makes, as the local inbox shows them, at a phone's and a
 * desktop's width (375 and 600 px), light and dark, for looking at before they ship.
 * Run: npm run screenshots:emails (writes reports/emails/*.png).
 */
import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import { chromium } from "@playwright/test";
import { loadEnv } from "vite";
import { readEmailSettings } from "../../emails/email-settings";
import { renderEmailTemplatesApart } from "../../emails/render-apart";
import { renderMessages } from "../../server/emulator/messages";
import { CHROMIUM_ARGS, chromiumExecutable } from "../../tests/e2e/support/browser";

const WIDTHS = [375, 600];
const SCHEMES = ["light", "dark"] as const;
/** A signup as the site sends it (docs/behaviour.md, "Fixed fields"). */
const SAMPLE_SIGNUP = {
  email: "ada.lovelace@example.com",
  name: "Waitlist Subscriber",
  company: "N/A",
  role: "N/A",
  needs: "Joined via the simplified waitlist form",
};

const root = resolve(import.meta.dirname, "../..");
const outDir = resolve(root, "reports/emails");
await mkdir(outDir, { recursive: true });
// The local settings, as `npm start` bakes them into the inbox's emails.
const { settings } = readEmailSettings(loadEnv("emulator", root, ""));
const messages = renderMessages(await renderEmailTemplatesApart(settings), SAMPLE_SIGNUP);
const browser = await chromium.launch({
  executablePath: chromiumExecutable(),
  args: CHROMIUM_ARGS,
});
try {
  for (const scheme of SCHEMES) {
    const page = await browser.newPage({ colorScheme: scheme });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const message of messages) {
        await page.setContent(message.html);
        const path = resolve(outDir, `${message.template}-${width}-${scheme}.png`);
        await page.screenshot({ path, fullPage: true });
        console.log(path);
      }
    }
    await page.close();
  }
} finally {
  await browser.close();
}
