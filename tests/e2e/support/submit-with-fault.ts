/**
 * The setup of a test of how a failing send ends, once: the emulator's faults for the visitor's
 * address, the page's clock (installed before the page loads and stopped once the app is live, as
 * docs/testing.md's "Writing a timing test" asks), the page opened, the test's own step (a record
 * started), the address typed and sent. What the test does next is the journey it names.
 */
import type { Page } from "@playwright/test";
import type { EmulatorControls, Fault } from "../../../server/emulator/client";
import { installClock, pauseClock } from "./page-clock";
import { gotoApp } from "./tabs";
import { waitlistForm } from "./waitlist-page";

/** What the emulator does to the address's next `count` sends (1 unless given). */
export type SendFault = Omit<Fault, "count" | "match"> & { count?: number };

export type FaultySubmit = {
  /** The test's emulator (the `emulator` fixture): the faults are queued there. */
  emulator: EmulatorControls;
  /** What the visitor types: a `uniqueEmail`, so the faults touch this test's sends only. */
  address: string;
  /** The faults, in the order the address's sends meet them: `[{ status: 503 }, { status: 429 }]`. */
  faults: SendFault[];
  /**
   * "paused": time moves only when the test moves it (`installClock` before `gotoApp`, `pauseClock`
   * after), for a product timer that must fire (a wait between tries, the time limit, the budget).
   * "real" (the default): the page's own clock, for an ending that no timer of the product decides.
   */
  clock?: "paused" | "real";
  /** Where the form is opened: "/" of the stack's site unless given (another build's URL). */
  at?: string;
  /**
   * Run once the app is live (and its clock stopped), before the address is typed: to start a
   * record of the test's own events only (`recordLiveRegions(page).start`).
   */
  beforeSubmit?: () => Promise<void>;
};

/** Queues the faults, opens the page, runs `beforeSubmit`, types `address` and selects Join Waitlist; returns the form. */
export async function submitWithFault(
  page: Page,
  { emulator, address, faults, clock = "real", at = "/", beforeSubmit }: FaultySubmit,
) {
  // The emulator takes the first queued fault that applies: queued in order, met in order.
  for (const fault of faults)
    await emulator.fault({ count: 1, ...fault, match: { email: address } });
  if (clock === "paused") await installClock(page);
  await gotoApp(page, at);
  if (clock === "paused") await pauseClock(page);
  await beforeSubmit?.();
  const form = waitlistForm(page);
  await form.email.fill(address);
  await form.submit.click();
  return form;
}
