/**
 * EmailJS's own server checks, played by the emulator (server/emulator/README.md, "EmailJS's server
 * checks"): whatever the reason the service refuses a send, the visitor sees the spec's "Submission
 * failed" with the address kept, and nothing arrives. Each check is switched for the test's own
 * address only, so the tests running beside these never meet it.
 */
import type { Page, Route } from "@playwright/test";
import type { ServerChecks } from "../../../server/emulator/server-checks";
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { E2E_EMULATOR_URL, E2E_SITE_URL } from "../support/stack-ports";
import { submitAddress } from "../support/submit-with-fault";
import { expectFailureShown, expectSuccessShown } from "../support/tab-records";

const SEND_URL = `${E2E_EMULATOR_URL}/api/v1.0/email/send`;

/** A privacy tool or proxy that drops the Origin header makes the send look like a script's. */
async function stripOrigin(page: Page) {
  await page.route(SEND_URL, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const headers = await route.request().allHeaders();
    delete headers.origin;
    await route.fulfill({ response: await route.fetch({ headers }) });
  });
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

/** Each check, switched on for the test's own address, and what a visitor's signup meets. */
const CASES: {
  name: string;
  checks: ServerChecks;
  refused: boolean;
  arrange?: (page: Page) => Promise<void>;
}[] = [
  {
    // The launch-morning mistake: the list names the site, not the host the visitor is on.
    name: "a page whose origin is not on the allowed list is refused",
    checks: { allowedOrigins: ["https://bulwark.example"] },
    refused: true,
  },
  {
    name: "a page whose origin is on the allowed list signs up",
    checks: { allowedOrigins: ["https://bulwark.example", E2E_SITE_URL] },
    refused: false,
  },
  {
    name: "with non-browser calls refused, a browser's send goes through",
    checks: { refuseNonBrowser: true },
    refused: false,
  },
  {
    name: "with non-browser calls refused, a send stripped of its Origin is refused",
    checks: { refuseNonBrowser: true },
    refused: true,
    arrange: stripOrigin,
  },
  {
    name: "a template that requires reCAPTCHA refuses a send without a token",
    checks: { recaptcha: true },
    refused: true,
  },
];

for (const { name, checks, refused, arrange } of CASES) {
  test(name, async ({ page, emulator, consoleGuard }) => {
    if (refused) consoleGuard.expectSendFailureLog();
    const address = uniqueEmail("checks");
    await emulator.checks({ ...checks, match: { email: address } });
    await arrange?.(page);
    await submitAddress(page, { address });
    if (refused) await expectFailureShown(page, address);
    else await expectSuccessShown(page);
    expect(await emulator.outbox(address)).toHaveLength(refused ? 0 : 1);
  });
}

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
  await submitAddress(page, { address: second });
  await expectFailureShown(page, second);
  expect(await emulator.outbox(first)).toHaveLength(1);
  expect(await emulator.outbox(second)).toHaveLength(0);
});
