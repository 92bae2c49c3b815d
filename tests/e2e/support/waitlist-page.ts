/** The waitlist as a visitor finds it, by roles and labels (words.ts's): the form and the toasts. */
import type { Page } from "@playwright/test";
import { literally } from "./copy";
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
