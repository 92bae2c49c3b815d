/**
 * The waitlist as a visitor finds it, by roles and labels: the form, the toasts, and the fixed
 * fields every signup carries (typed here from docs/behaviour.md, never imported from src/).
 */
import type { Page } from "@playwright/test";

/** The waitlist form as a visitor finds it: by its heading, its field's label and its button. */
export function waitlistForm(page: Page) {
  const form = page.getByRole("form", { name: "Join the early-access waitlist" });
  return {
    form,
    email: form.getByRole("textbox", { name: "Work email address" }),
    submit: form.getByRole("button", { name: /Join Waitlist|Joining\.\.\./ }),
  };
}

/** Radix renders each toast as a list item inside the "Notifications (F8)" region. */
export function toasts(page: Page) {
  return page.getByRole("region", { name: "Notifications (F8)" }).getByRole("listitem");
}

/** The fixed template params every signup carries (docs/behaviour.md, "Fixed fields"), typed here, not imported. */
export const EXPECTED_FIXED_PARAMS = {
  name: "Waitlist Subscriber",
  company: "N/A",
  role: "N/A",
  needs: "Joined via the simplified waitlist form",
};
