/**
 * The optional bot check (docs/security.md, "The bot check"): a build with VITE_RECAPTCHA_SITE_KEY
 * loads reCAPTCHA v2 invisible (here the emulator's stand-in for Google's script) only once the
 * visitor shows intent, and every send, each retry included, carries a fresh token that its emulator,
 * whose template requires one, redeems once. A script that cannot load is said in words, with the
 * address kept, and nothing is lost or sent twice. Also: the CSP of that build, and the notice that
 * names Google.
 */
import type { Page } from "@playwright/test";
import {
  botCheckEmulator,
  expectArrivedOnce,
  googleRequests,
  RECAPTCHA_SCRIPT,
  sentTokens,
} from "../support/bot-check";
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { holdAppScript } from "../support/held-requests";
import { UNTIL_TEST_TIMEOUT } from "../support/page-clock";
import {
  E2E_BOT_CHECK_EMULATOR_URL,
  E2E_BOT_CHECK_SITE_URL,
  E2E_EMULATOR_URL,
  E2E_SITE_URL,
} from "../support/stack-ports";
import { expectSuccessShown, FAILURE_SHOWN, toastShownOn } from "../support/tab-records";
import { gotoApp } from "../support/tabs";
import { waitlistForm } from "../support/waitlist-page";
import { BOT_CHECK, FORM_NAME, JOINING, PRIVACY_SUMMARY } from "../support/words";

test.use({ baseURL: E2E_BOT_CHECK_SITE_URL });

test("a visitor who only reads never loads the check; focusing the field does", async ({
  page,
}) => {
  const requests = googleRequests(page);
  await gotoApp(page, "/");
  await page.mouse.wheel(0, 600);
  await page.getByRole("heading", { name: FORM_NAME }).first().hover();
  expect(requests).toEqual([]);
  await waitlistForm(page).email.focus();
  await expect.poll(() => requests.length).toBeGreaterThan(0);
});

test("a signup through the form carries a fresh token and arrives once", async ({ page }) => {
  const tokens = sentTokens(page);
  const address = uniqueEmail("bot-check");
  await gotoApp(page, "/");
  const { email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  await expectSuccessShown(page);
  expect(tokens).toHaveLength(1);
  expect(tokens[0]).toMatch(/^stand-in-/);
  await expectArrivedOnce(address, tokens);
});

test("a submit kept before the app started loads the check and arrives once", async ({ page }) => {
  const requests = googleRequests(page);
  const tokens = sentTokens(page);
  const app = await holdAppScript(page);
  const address = uniqueEmail("bot-check-early");
  await page.goto("/", { waitUntil: "commit" });
  const { email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  await expect(submit).toHaveText(JOINING);
  expect(requests).toEqual([]);
  await app.arrived();
  await app.release();
  await expectSuccessShown(page);
  expect(requests.filter((request) => RECAPTCHA_SCRIPT.test(request.url()))).toHaveLength(1);
  expect(tokens).toHaveLength(1);
  await expectArrivedOnce(address, tokens);
});

test("a retry after a 429 gets a fresh token of its own and arrives once", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.expectSendFailureLog();
  const tokens = sentTokens(page);
  const address = uniqueEmail("bot-check-429");
  await botCheckEmulator.fault({ count: 1, status: 429, match: { email: address } });
  await gotoApp(page, "/");
  const { email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  // The wait before the retry runs on the page's own timer; the product's budget bounds it.
  await expectSuccessShown(page);
  expect(tokens).toHaveLength(2);
  expect(tokens.every((token) => token?.startsWith("stand-in-"))).toBe(true);
  expect(new Set(tokens).size).toBe(2);
  await expectArrivedOnce(address, tokens);
});

test("the check blocked: the visitor is told why and what to do, the address kept, nothing sent; then it arrives once", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.expectSendFailureLog();
  consoleGuard.expectAssetLoadFailures();
  const tokens = sentTokens(page);
  let blocked = true;
  await page.route(RECAPTCHA_SCRIPT, (route) =>
    blocked ? route.abort("blockedbyclient") : route.continue(),
  );
  const address = uniqueEmail("bot-check-blocked");
  await gotoApp(page, "/");
  const { form, email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  await expect(form.getByText(BOT_CHECK.blocked)).toBeVisible();
  await expect.poll(() => toastShownOn(page, "/", FAILURE_SHOWN), UNTIL_TEST_TIMEOUT).toBe(true);
  await expect(email).toHaveValue(address);
  await expect(page).toHaveURL(`${E2E_BOT_CHECK_SITE_URL}/`);
  expect(tokens).toEqual([]);
  expect(await botCheckEmulator.outbox(address)).toEqual([]);

  // The blocker allows it: the same address, sent again, arrives once.
  blocked = false;
  await submit.click();
  await expectSuccessShown(page);
  expect(tokens).toHaveLength(1);
  await expectArrivedOnce(address, tokens);
});

test("the CSP of that build allows reCAPTCHA's script, frames and connections, the default build none", async ({
  request,
}) => {
  const csp = async (url: string) =>
    (await request.get(url)).headers()["content-security-policy"] ?? "";
  const withCheck = await csp(`${E2E_BOT_CHECK_SITE_URL}/`);
  const directive = (policy: string, name: string) =>
    policy.split("; ").find((part) => part.startsWith(`${name} `));
  expect(directive(withCheck, "script-src")).toContain(
    ` ${E2E_BOT_CHECK_EMULATOR_URL}/recaptcha/ https://www.gstatic.com/recaptcha/`,
  );
  expect(directive(withCheck, "frame-src")).toBe(
    `frame-src ${E2E_BOT_CHECK_EMULATOR_URL}/recaptcha/ https://recaptcha.google.com/recaptcha/`,
  );
  expect(directive(withCheck, "connect-src")).toBe(
    `connect-src 'self' ${E2E_BOT_CHECK_EMULATOR_URL} ${E2E_BOT_CHECK_EMULATOR_URL}/recaptcha/`,
  );
  const without = await csp(`${E2E_SITE_URL}/`);
  expect(without).not.toContain("recaptcha");
  expect(directive(without, "frame-src")).toBeUndefined();
  expect(directive(without, "connect-src")).toBe(`connect-src 'self' ${E2E_EMULATOR_URL}`);
});

/** Opens the form's privacy notice and returns its "Who receives it" point. */
async function recipientsPoint(page: Page) {
  const { form } = waitlistForm(page);
  await form.getByText(PRIVACY_SUMMARY).click();
  const recipients = form.getByRole("definition").filter({ hasText: "EmailJS" });
  await expect(recipients).toBeVisible();
  return recipients;
}

test("the form says reCAPTCHA protects it, and its privacy notice names Google", async ({
  page,
}) => {
  await gotoApp(page, "/");
  const recipients = await recipientsPoint(page);
  await expect(recipients).toContainText(
    "Google handles data for us too, as our processor for reCAPTCHA",
  );
  // What the site can promise: it gives Google no address; Google's script runs in the page,
  // where the field is, so the notice never says Google cannot see it.
  await expect(recipients).toContainText(
    "We do not give Google your email address, but its check runs as a script in this page.",
  );
  await expect(recipients).not.toContainText("not your email address");
  await expect(
    waitlistForm(page).form.getByText("This site is protected by reCAPTCHA."),
  ).toBeVisible();
});

test("the default build's form and notice do not name Google", async ({ page }) => {
  await gotoApp(page, `${E2E_SITE_URL}/`);
  await recipientsPoint(page);
  await expect(waitlistForm(page).form).not.toContainText("Google");
});
