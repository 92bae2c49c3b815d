/**
 * One address in five tabs of one browser, its first send answered late, the other four pressing
 * Join the moment the first tab's request leaves, while another site in the same browser keeps its
 * own site storage busy (docs/behaviour.md, "One address, many tabs"). The whole browser keeps site
 * storage in a process of its own; kept busy, it tells each tab of another tab's localStorage writes
 * seconds late, so a record kept there and trusted under the lock would let a tab send the address
 * again. Sent once, all five tabs on /success: only what a visitor and the outbox see is checked.
 */
import type { Page } from "@playwright/test";
import { WHOLE_BROWSER } from "../support/browser";
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { EMAIL_API_PATH } from "../support/recorders";
import { E2E_EMULATOR_URL } from "../support/stack-ports";
import { E2E_SEND_TIMEOUT_MS } from "../support/stack-timing";
import { expectSuccessShown } from "../support/tab-records";
import { gotoApp } from "../support/tabs";
import { waitlistForm } from "../support/waitlist-page";

/**
 * How late the first send's answer comes: half the time limit, so the other tabs have submitted
 * and wait meanwhile, and far within the wait before a request is given up on.
 */
const LATE_ANSWER_MS = E2E_SEND_TIMEOUT_MS / 2;

/** Marks a tab that presses Join once another tab's first request to EmailJS leaves. */
const JOIN_ON_SIGNAL = "data-e2e-join-on-signal";

/**
 * In every page: a request to EmailJS from a tab not waiting to join tells the others (a
 * BroadcastChannel, which does not go through site storage), and a tab marked to wait presses Join
 * as it hears it, once.
 */
function joinAsTheFirstRequestLeaves({ path, mark }: { path: string; mark: string }) {
  const channel = new BroadcastChannel("e2e-first-request");
  const plainFetch = window.fetch;
  window.fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.includes(path) && !document.documentElement.hasAttribute(mark))
      channel.postMessage("left");
    return plainFetch(input, init);
  };
  channel.onmessage = () => {
    if (!document.documentElement.hasAttribute(mark)) return;
    document.documentElement.removeAttribute(mark);
    document.querySelector<HTMLButtonElement>("form button[type=submit]")?.click();
  };
}

/** Another site's page, writing large values to its own site storage without pause. */
async function busyOtherSite(page: Page) {
  await page.goto(`${E2E_EMULATOR_URL}/inbox/`, { waitUntil: "load" });
  await page.evaluate(() => {
    const big = "x".repeat(200_000);
    let written = 0;
    const burst = () => {
      for (let step = 0; step < 10; step++) {
        localStorage.setItem(`busy${written % 20}`, big + written++);
      }
      setTimeout(burst, 0);
    };
    burst();
  });
}

test.describe("one address, many tabs", { tag: ["@tabs", WHOLE_BROWSER] }, () => {
  test(`five tabs, four joining as the first request leaves, site storage slow to tell them: sent once, all five on /success`, async ({
    page,
    context,
    openTab,
    emulator,
  }) => {
    // Six pages of the whole browser, one of them keeping site storage busy: slower than most.
    test.slow();
    await context.addInitScript(joinAsTheFirstRequestLeaves, {
      path: EMAIL_API_PATH,
      mark: JOIN_ON_SIGNAL,
    });
    const address = uniqueEmail("five-tabs-busy");
    await gotoApp(page, "/");
    const tabs: Page[] = [page];
    while (tabs.length < 5) tabs.push(await openTab());
    for (const tab of tabs) await waitlistForm(tab).email.fill(address);
    for (const tab of tabs.slice(1)) {
      await tab.evaluate((mark) => document.documentElement.setAttribute(mark, ""), JOIN_ON_SIGNAL);
    }
    await busyOtherSite(await context.newPage());
    // The first tab's send is held at the emulator, then accepted; the others' go straight through.
    await emulator.fault({ count: 1, delayMs: LATE_ANSWER_MS, match: { email: address } });
    await waitlistForm(page).submit.click();
    // Each tab ends on /success only once its own delivery has ended: every send is in by then.
    await expectSuccessShown(...tabs);
    expect(await emulator.outbox(address), `emails for ${address}`).toHaveLength(1);
  });
});
