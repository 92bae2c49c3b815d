/**
 * EmailJS's own server checks, played by the emulator (server/emulator/README.md, "EmailJS's server
 * checks"): whatever the reason the service refuses a send, the visitor sees the spec's "Submission
 * failed" with the address kept, and nothing arrives. Each check is switched for the test's own
 * address only, so the tests running beside these never meet it.
 */
import type { Page, Route } from "@playwright/test";
import { expect, test, toasts, uniqueEmail, waitlistForm } from "../support/fixtures";
import { E2E_EMULATOR_URL, E2E_SITE_URL } from "../support/stack-ports";

const SEND_URL = `${E2E_EMULATOR_URL}/api/v1.0/email/send`;

/** Submits `address` and expects the refusal a visitor sees: the toast, the address kept, no email. */
async function expectRefused(page: Page, address: string) {
  const { email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  await expect(toasts(page).filter({ hasText: "Submission failed" })).toContainText(
    "There was a problem submitting your request. Please try again.",
  );
  await expect(page).toHaveURL(/\/$/);
  await expect(email).toHaveValue(address);
  await expect(submit).toHaveText("Join Waitlist");
}

/** Submits `address` and expects it to arrive: /success. */
async function signUp(page: Page, address: string) {
  const { email, submit } = waitlistForm(page);
  await email.fill(address);
  await submit.click();
  await expect(page).toHaveURL(/\/success$/);
}

/** Plays the site's reCAPTCHA client: every send carries `token` as g-recaptcha-response. */
async function sendWithToken(page: Page, token: string) {
  await page.route(SEND_URL, async (route: Route) => {
    const request = route.request();
    if (request.method() !== "POST") return route.continue();
    const body = JSON.parse(request.postData() ?? "{}");
    body.template_params = { ...body.template_params, "g-recaptcha-response": token };
    await route.continue({ postData: JSON.stringify(body) });
  });
}

test("a page whose origin is not on the allowed list is refused", async ({
  page,
  emulator,
  consoleGuard,
}) => {
  consoleGuard.expectSendFailureLog();
  const address = uniqueEmail("origin");
  // The launch-morning mistake: the list names the site, not the host the visitor is on.
  await emulator.checks({ allowedOrigins: ["https://bulwark.example"], match: { email: address } });
  await page.goto("/");
  await expectRefused(page, address);
  expect(await emulator.outbox(address)).toHaveLength(0);
});

test("a page whose origin is on the allowed list signs up", async ({ page, emulator }) => {
  const address = uniqueEmail("listed");
  await emulator.checks({
    allowedOrigins: ["https://bulwark.example", E2E_SITE_URL],
    match: { email: address },
  });
  await page.goto("/");
  await signUp(page, address);
  expect(await emulator.outbox(address)).toHaveLength(1);
});

test("with non-browser calls refused, a browser's send goes through", async ({
  page,
  emulator,
}) => {
  const address = uniqueEmail("browser");
  await emulator.checks({ refuseNonBrowser: true, match: { email: address } });
  await page.goto("/");
  await signUp(page, address);
  expect(await emulator.outbox(address)).toHaveLength(1);
});

test("with non-browser calls refused, a send stripped of its Origin is refused", async ({
  page,
  emulator,
  consoleGuard,
}) => {
  consoleGuard.expectSendFailureLog();
  const address = uniqueEmail("stripped");
  await emulator.checks({ refuseNonBrowser: true, match: { email: address } });
  // A privacy tool or proxy that drops the Origin header makes the send look like a script's.
  await page.route(SEND_URL, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const headers = await route.request().allHeaders();
    delete headers.origin;
    await route.fulfill({ response: await route.fetch({ headers }) });
  });
  await page.goto("/");
  await expectRefused(page, address);
  expect(await emulator.outbox(address)).toHaveLength(0);
});

test("a template that requires reCAPTCHA refuses a send without a token", async ({
  page,
  emulator,
  consoleGuard,
}) => {
  consoleGuard.expectSendFailureLog();
  const address = uniqueEmail("no-token");
  await emulator.checks({ recaptcha: true, match: { email: address } });
  await page.goto("/");
  await expectRefused(page, address);
  expect(await emulator.outbox(address)).toHaveLength(0);
});

test("a reCAPTCHA token already used is never accepted again", async ({
  page,
  emulator,
  request,
  consoleGuard,
}) => {
  consoleGuard.expectSendFailureLog();
  const first = uniqueEmail("first");
  const second = uniqueEmail("second");
  for (const email of [first, second]) {
    await emulator.checks({ recaptcha: true, match: { email } });
  }
  const token = await emulator.recaptchaToken();
  // The token's first use: a send of another signup, accepted.
  const used = await request.post(SEND_URL, {
    headers: { Origin: E2E_SITE_URL },
    data: {
      user_id: "local-public-key",
      service_id: "service_local",
      template_id: "template_waitlist",
      template_params: { email: first, "g-recaptcha-response": token },
    },
  });
  expect(used.status()).toBe(200);
  // The page's send carries the same token, as a replayed one would.
  await sendWithToken(page, token);
  await page.goto("/");
  await expectRefused(page, second);
  expect(await emulator.outbox(first)).toHaveLength(1);
  expect(await emulator.outbox(second)).toHaveLength(0);
});
