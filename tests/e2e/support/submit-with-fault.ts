/**
 * The setup of a test of how a failing send ends, once: the emulator's fault for the visitor's
 * address, the page's clock (installed before the page loads and stopped once the app is live, as
 * docs/testing.md's "Writing a timing test" asks), the page opened, the address typed and sent.
 * What the test does next is the journey it names.
 */
import type { Page } from "@playwright/test";
import type { EmulatorControls, Fault } from "../../../server/emulator/client";
import { waitlistForm } from "./fixtures";
import { installClock, pauseClock } from "./page-clock";

export type FaultySubmit = {
  /** The test's emulator (the `emulator` fixture): the fault is queued there. */
  emulator: EmulatorControls;
  /** What the visitor types: a `uniqueEmail`, so the fault touches this test's sends only. */
  address: string;
  /** What the emulator does to the address's next `count` sends (1 unless given). */
  fault: Omit<Fault, "count" | "match"> & { count?: number };
  /**
   * "paused": time moves only when the test moves it (`installClock` before `goto`, `pauseClock`
   * after), for a product timer that must fire (a wait between tries, the time limit, the budget).
   * "real" (the default): the page's own clock, for an ending that no timer of the product decides.
   */
  clock?: "paused" | "real";
  /** Where the form is opened: "/" of the stack's site unless given (another build's URL). */
  at?: string;
};

/** Queues the fault, opens the page, types `address` and selects Join Waitlist; returns the form. */
export async function submitWithFault(
  page: Page,
  { emulator, address, fault, clock = "real", at = "/" }: FaultySubmit,
) {
  await emulator.fault({ count: 1, ...fault, match: { email: address } });
  if (clock === "paused") await installClock(page);
  await page.goto(at);
  if (clock === "paused") await pauseClock(page);
  const form = waitlistForm(page);
  await form.email.fill(address);
  await form.submit.click();
  return form;
}
