/**
 * The waitlist as a visitor finds it, by roles and labels (words.ts's): the form and the toasts; and
 * the page as a visitor has it by the time they type (`touchPage`).
 */
import type { Page } from "@playwright/test";
import { literally } from "./copy";
import { TYPO_CHECK } from "./held-requests";
import { EMAIL_LABEL, FORM_NAME, JOIN, JOINING, TOAST_REGION } from "./words";

/** The waitlist form as a visitor finds it: by its heading, its field's label and its button. */
export function waitlistForm(page: Page) {
  const form = page.getByRole("form", { name: FORM_NAME });
  return {
    form,
    email: form.getByRole("textbox", { name: EMAIL_LABEL }),
    submit: form.getByRole("button", { name: new RegExp(`${JOIN}|${literally(JOINING)}`) }),
  };
}

/** Radix renders each toast as a list item inside the toasts' region, "Notifications (F8)". */
export function toasts(page: Page) {
  return page.getByRole("region", { name: TOAST_REGION }).getByRole("listitem");
}

/**
 * A visitor who has touched the page (a pointer moved over it) before typing, as a person's first
 * move comes well before an address is typed: what the page loads on the first interaction has
 * loaded, the typo hint's check among it, so the test's typing never races its import. Call it on
 * a page the test has not interacted with yet (after `gotoApp`): its first interaction loads the check.
 */
export async function touchPage(page: Page) {
  const check = page.waitForResponse((response) => TYPO_CHECK.test(response.url()));
  await page.mouse.move(1, 1);
  const response = await check;
  // Its module has run, and the form has the check, once an import of the same module settles.
  await page.evaluate((href) => import(href).then(() => undefined), response.url());
}
