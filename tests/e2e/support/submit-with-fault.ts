/**
 * A signup's setup, once: the emulator's faults for the visitor's address (`submitWithFault`), the
 * page's clock (installed before the page loads and stopped once the app is live, as Playwright's
 * clock guide asks), the page opened, the test's own step (a record started), the address typed
 * and sent (`submitAddress`), or only typed (`openFormWithAddress`). What the test does next is the
 * journey it names.
 */
import type { Page } from "@playwright/test";
import type { EmulatorControls, Fault } from "../../../server/emulator/client";
import { installClock, pauseClock } from "./page-clock";
import { gotoApp } from "./tabs";
import { waitlistForm } from "./waitlist-page";

/** What the emulator does to the address's next `count` requests (1 unless given). */
export type SendFault = Omit<Fault, "count" | "match"> & { count?: number };

/** How a test opens the form and types the visitor's address. */
export type FormOpening = {
  /** What the visitor types: a `uniqueEmail`, so the emulator's faults touch this test's requests only. */
  address: string;
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

export type FaultySubmit = FormOpening & {
  /** The test's emulator (the `emulator` fixture): the faults are queued there. */
  emulator: EmulatorControls;
  /** The faults, in the order the address's requests meet them: `[{ status: 503 }, { status: 429 }]`. */
  faults: SendFault[];
};

/**
 * Opens the form (the clock as `clock` asks), runs `beforeSubmit` and types `address`, sending
 * nothing yet: for a test that sends it its own way (Enter, inside a step it records). Returns the form.
 */
export async function openFormWithAddress(
  page: Page,
  { address, clock = "real", at = "/", beforeSubmit }: FormOpening,
) {
  if (clock === "paused") await installClock(page);
  await gotoApp(page, at);
  if (clock === "paused") await pauseClock(page);
  await beforeSubmit?.();
  const form = waitlistForm(page);
  await form.email.fill(address);
  return form;
}

/** Opens the form as `openFormWithAddress` does and selects Join Waitlist; returns the form. */
export async function submitAddress(page: Page, opening: FormOpening) {
  const form = await openFormWithAddress(page, opening);
  await form.submit.click();
  return form;
}

/** Queues the faults for `address`, then submits it as `submitAddress` does; returns the form. */
export async function submitWithFault(page: Page, { emulator, faults, ...opening }: FaultySubmit) {
  // The emulator takes the first queued fault that applies: queued in order, met in order.
  for (const fault of faults) {
    await emulator.fault({ count: 1, ...fault, match: { email: opening.address } });
  }
  return submitAddress(page, opening);
}
