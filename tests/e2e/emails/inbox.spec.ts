/**
 * The two emails a signup makes, as a person reads them in the local inbox the emulator serves:
 * the visitor's confirmation and the team's notification, rendered in sandboxed frames.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { nextStepsInEmail, successPage } from "../../../src/content/pages";
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { E2E_EMULATOR_URL } from "../support/stack-ports";
import { gotoApp } from "../support/tabs";
import { waitlistForm } from "../support/waitlist-page";
import { SUCCESS_HEADING } from "../support/words";

/** The team's address the test stack's emails are built with (tests/e2e/support/stack-settings.ts). */
const TEAM = "team@bulwark.example";

async function signUp(page: Page, address: string) {
  await gotoApp(page, "/");
  const { email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  await expect(page.getByRole("heading", { name: SUCCESS_HEADING })).toBeVisible();
}

/**
 * Chromium's line when something tries to run a script in an email's frame: Playwright reading the
 * frame's contents does, and the sandbox refuses it. The sandbox at work, not a fault of the page.
 */
const SANDBOX_REFUSAL = `Blocked script execution in '${E2E_EMULATOR_URL}/inbox/`;

/**
 * The inbox in a page of its own, watched for errors here: the fixture's page would try its
 * CSP listener in the sandboxed frames too.
 */
async function inboxPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("console", (message) => {
    const text = message.text();
    if (text.startsWith(SANDBOX_REFUSAL)) return;
    if (message.type() === "error" || message.type() === "warning") problems.push(text);
  });
  page.on("request", (request) => {
    if (new URL(request.url()).hostname !== "127.0.0.1") {
      problems.push(`request left the machine: ${request.url()}`);
    }
  });
  return { page, problems, close: () => context.close() };
}

/** The inbox is plain HTML: nothing hydrates, so it is ready once loaded. */
async function openInbox(page: Page) {
  await page.goto(`${E2E_EMULATOR_URL}/inbox`, { waitUntil: "load" });
  return page.getByRole("navigation", { name: "Emails" });
}

function headers(page: Page) {
  return page.getByRole("definition");
}

test("a signup ends with both emails in the inbox, each rendered with its headers, on a page with no accessibility violations", async ({
  page: site,
  browser,
  emulator,
}) => {
  const address = uniqueEmail("inbox");
  await signUp(site, address);

  const [entry] = await emulator.outbox(address);
  expect(
    entry?.messages?.map((message) => [message.template, message.to, message.replyTo]),
  ).toEqual([
    ["team-notification", TEAM, address],
    ["visitor-confirmation", address, TEAM],
  ]);

  const { page, problems, close } = await inboxPage(browser);
  const list = await openInbox(page);
  const confirmation = list.getByRole("link", {
    name: `You're on the Bulwark early-access list To ${address}`,
  });
  const notification = list.getByRole("link", { name: `New waitlist signup: ${address}` });
  await expect(confirmation).toBeVisible();
  await expect(notification).toBeVisible();
  // The emails' frames run no script, so axe cannot enter them (its default run waits on them for
  // good): the page alone, in one run; the emails' own rules are unit-tested.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ iframes: false })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(results.violations).toEqual([]);

  await confirmation.click();
  const article = page.getByRole("article", { name: "You're on the Bulwark early-access list" });
  await expect(article).toBeVisible();
  await expect(headers(page)).toContainText([
    "Bulwark",
    address,
    TEAM,
    "You're on the Bulwark early-access list",
  ]);
  const phone = page.frameLocator('iframe[title$="phone width, light"]');
  await expect(phone.getByRole("heading", { name: "You're on the list" })).toBeVisible();
  await expect(phone.getByText(address).first()).toBeVisible();
  // /success's next steps, in the email's own words where it has them.
  const inEmail = nextStepsInEmail();
  for (const step of inEmail) await expect(phone.getByText(step.title)).toBeVisible();
  // The email that confirms does not promise a confirmation to come, as /success does.
  const reworded = successPage.nextSteps.filter(
    (step, index) => step.title !== inEmail[index]?.title,
  );
  expect(reworded).not.toEqual([]);
  for (const step of reworded) await expect(phone.getByText(step.title)).toHaveCount(0);
  const frames = page.locator("iframe");
  await expect(frames).toHaveCount(2);
  await expect(frames.nth(0)).toHaveAttribute("width", "375");
  await expect(frames.nth(1)).toHaveAttribute("width", "600");
  for (const frame of await frames.all()) await expect(frame).toHaveAttribute("sandbox", "");

  await page
    .getByRole("navigation", { name: "Colour scheme" })
    .getByRole("link", { name: "Dark" })
    .click();
  const dark = page.frameLocator('iframe[title$="desktop width, dark"]');
  await expect(dark.locator("body")).toHaveCSS("background-color", "rgb(11, 17, 32)");

  await (await openInbox(page))
    .getByRole("link", { name: `New waitlist signup: ${address}` })
    .click();
  await expect(
    page.getByRole("article", { name: `New waitlist signup: ${address}` }),
  ).toBeVisible();
  const [from, to, replyTo] = await headers(page).allTextContents();
  expect([from, to, replyTo]).toEqual([
    "Bulwark waitlist (the EmailJS service's address)",
    TEAM,
    address,
  ]);
  const desktop = page.frameLocator('iframe[title$="desktop width, light"]');
  await expect(desktop.getByRole("heading", { name: "New waitlist signup" })).toBeVisible();
  await expect(desktop.getByText("Joined via the simplified waitlist form")).toBeVisible();
  expect(problems).toEqual([]);
  await close();
});
