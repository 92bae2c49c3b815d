/**
 * Each journey as a screen reader says it, phrase by phrase (spoken.ts: a virtual screen reader run
 * in the page): every event said once, in order, in our words where the words are ours. What each
 * journey sounds like: docs/behaviour.md, "Heard"; what only a real screen reader proves:
 * docs/testing.md, "What a screen reader says".
 */
import type { Page } from "@playwright/test";
import { dashboard } from "../../../src/content/dashboard";
import { features } from "../../../src/content/features";
import { hero } from "../../../src/content/hero";
import { footer, site } from "../../../src/content/site";
import { solutions } from "../../../src/content/solutions";
import { botCheckEmulator, challenge } from "../support/bot-check";
import { runClockToSuccess } from "../support/clock-runs";
import { BANDS, HERO_HEADING, TYPO_HINT } from "../support/copy";
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { holdRequests } from "../support/held-requests";
import {
  CLOCK_START,
  pauseClockBeforeLoad,
  runClockUntilShown,
  UNTIL_TEST_TIMEOUT,
} from "../support/page-clock";
import { moveTo, readOn, spoken, typed } from "../support/spoken";
import { E2E_BOT_CHECK_SITE_URL } from "../support/stack-ports";
import { E2E_RETRY_BUDGET_MS, E2E_SEND_TIMEOUT_MS } from "../support/stack-timing";
import { openFormWithAddress } from "../support/submit-with-fault";
import { expectFailureShown, expectSuccessShown } from "../support/tab-records";
import { gotoApp } from "../support/tabs";
import { touchPage, waitlistForm } from "../support/waitlist-page";
import {
  BOT_CHECK,
  EMAIL_LABEL,
  FAILURE_TEXT,
  FAILURE_TITLE,
  FORM_NAME,
  INVALID,
  JOIN,
  JOINING,
  KEPT_NOTE,
  NAV,
  PLACEHOLDER,
  PRIVACY_LINE,
  PRIVACY_SUMMARY,
  SKIP_LINK,
  SUCCESS_HEADING,
  SUCCESS_TEXT,
  SUCCESS_TITLE,
  WAITING,
} from "../support/words";

const FIELD = `textbox, ${EMAIL_LABEL}`;
const BUTTON = `button, ${JOIN}`;
const polite = (words: string) => `polite: ${words}`;
/** The toast a delivered signup shows, as Radix announces it: its label, title and text. */
const REDIRECTING = [polite("Notification"), polite(SUCCESS_TITLE), polite(SUCCESS_TEXT)];
/** The toast a failed signup shows, announced assertively: it interrupts. */
const SUBMISSION_FAILED = [
  "assertive: Notification",
  `assertive: ${FAILURE_TITLE}`,
  `assertive: ${FAILURE_TEXT}`,
];
/** A step that ends on that toast ends once its last words are said (two frames after it shows). */
const UNTIL_FAILURE_SAID = { until: SUBMISSION_FAILED[2] };
const SUCCESS_HEARD = `heading, ${SUCCESS_HEADING}, level 1`;
const ASKING = polite(BOT_CHECK.asking);
const SIGNED_UP = [polite(JOINING), ...REDIRECTING, SUCCESS_HEARD];

/** What a phrase list says about the page, without the reader's words for a list's structure. */
const withoutListStructure = (said: string[]) =>
  said.filter((phrase) => !/^(end of )?list(item)?\b/.test(phrase));

/** Requests the address in the field by Enter from the field itself, heard until /success's heading. */
async function signUpHeard(page: Page) {
  return spoken(page, async () => {
    await page.keyboard.press("Enter");
    await expectSuccessShown(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  });
}

test("the landing page read from the top, an invalid address, then a signup: each said once, in order", async ({
  page,
}) => {
  await gotoApp(page, "/");
  const { email, submit } = waitlistForm(page);

  await test.step("from the top: the skip link, the landmarks, the hero's heading", async () => {
    expect(withoutListStructure(await readOn(page, 23))).toEqual([
      `link, ${SKIP_LINK}`,
      "banner",
      `navigation, ${NAV.name}`,
      `link, ${site.logoAlt}`,
      `image, ${site.logoAlt}`,
      `end of link, ${site.logoAlt}`,
      ...BANDS.map(({ nav }) => `link, ${nav}`),
      `end of navigation, ${NAV.name}`,
      "end of banner",
      "main",
      `region, ${HERO_HEADING}`,
      hero.eyebrow,
      `heading, ${HERO_HEADING}, level 1`,
    ]);
  });

  await test.step("the landmarks, then the headings, in order", async () => {
    expect(await moveTo(page, "moveToNextLandmark", 11)).toEqual([
      `figure, ${hero.threatCard.title}, ${hero.threatCard.sampleBadge}`,
      `form, ${FORM_NAME}`,
      `region, ${features.heading}`,
      `region, ${dashboard.heading}`,
      `figure, ${dashboard.panelTitle}, ${dashboard.sampleBadge}`,
      `region, ${solutions.heading}`,
      "contentinfo",
      "banner",
      `navigation, ${NAV.name}`,
      "main",
      `region, ${HERO_HEADING}`,
    ]);
    const heading = (name: string, level: number) => `heading, ${name}, level ${level}`;
    const headings = [
      heading(HERO_HEADING, 1),
      heading(FORM_NAME, 2),
      heading(features.heading, 2),
      ...features.cards.map(({ title }) => heading(title, 3)),
      heading(dashboard.heading, 2),
      heading(solutions.heading, 2),
      ...solutions.cards.map(({ title }) => heading(title, 3)),
      heading(footer.contact.heading, 2),
    ];
    expect(await moveTo(page, "moveToNextHeading", headings.length)).toEqual(headings);
  });

  await test.step("the form: its name, heading, label, field with its description, button, privacy", async () => {
    expect(await moveTo(page, "moveToNextForm")).toEqual([`form, ${FORM_NAME}`]);
    expect(await readOn(page, 14)).toEqual([
      `heading, ${FORM_NAME}, level 2`,
      "paragraph",
      "Be first to protect your APIs with Bulwark.",
      "end of paragraph",
      EMAIL_LABEL,
      `${FIELD}, ${PRIVACY_LINE}, placeholder ${PLACEHOLDER}`,
      BUTTON,
      // The form's live region, empty: the reader names it, a real one skips it.
      "status",
      "paragraph",
      PRIVACY_LINE,
      "end of paragraph",
      "group",
      PRIVACY_SUMMARY,
    ]);
  });

  await test.step("an invalid address sent from the field: the error once, again only when focus returns", async () => {
    expect(await spoken(page, () => email.focus())).toEqual([
      `${FIELD}, ${PRIVACY_LINE}, placeholder ${PLACEHOLDER}`,
    ]);
    await email.fill("nope");
    expect(await spoken(page, () => page.keyboard.press("Enter"))).toEqual([polite(INVALID)]);
    expect(await spoken(page, () => page.keyboard.press("Tab"))).toEqual([BUTTON]);
    expect(await spoken(page, () => page.keyboard.press("Shift+Tab"))).toEqual([
      `${FIELD}, nope, ${INVALID}, invalid`,
    ]);
  });

  await test.step("sent from the button: focus moves to the field, which says the error, once", async () => {
    const said = await spoken(page, async () => {
      await submit.click();
      await expect(email).toBeFocused();
    });
    expect(said).toEqual([BUTTON, `${FIELD}, nope, ${INVALID}, invalid`]);
  });

  await test.step("a signup: the address typed, Joining... once, Redirecting... once, then /success's heading", async () => {
    const address = uniqueEmail("heard");
    await email.fill("");
    const typedField = `${FIELD}, ${address}, ${PRIVACY_LINE}`;
    expect(await typed(page, address)).toEqual([typedField]);
    // The reader says the field it typed into once more as the next key goes down: its own typing's
    // doing (the phone's signup below, typed by Playwright, has no such repeat).
    expect(await signUpHeard(page)).toEqual([typedField, ...SIGNED_UP]);
  });
});

test("a refused send: the toast said once, interrupting; the field, revisited, says the address was kept", async ({
  page,
  emulator,
  consoleGuard,
}) => {
  consoleGuard.expectSendFailureLog();
  const address = uniqueEmail("heard-refused");
  await emulator.fault({ count: 1, status: 400, match: { email: address } });
  await gotoApp(page, "/");
  const { email, submit } = waitlistForm(page);
  await email.fill(address);
  const said = await spoken(
    page,
    async () => {
      await submit.click();
      await expectFailureShown(page, address);
    },
    UNTIL_FAILURE_SAID,
  );
  expect(said).toEqual([BUTTON, polite(JOINING), ...SUBMISSION_FAILED]);
  expect(await spoken(page, () => page.keyboard.press("Shift+Tab"))).toEqual([
    `${FIELD}, ${address}, ${KEPT_NOTE}`,
  ]);
});

test("a slow send, then its one retry: each wait said once, in its own words, not at every try", async ({
  page,
  emulator,
  failingSend: { requests },
}) => {
  const address = uniqueEmail("heard-slow");
  // No answer at all: past the time limit it is slow; at twice the limit it is tried again.
  await emulator.fault({ count: 1, hang: true, match: { email: address } });
  await openFormWithAddress(page, { address, clock: "paused" });
  const said = await spoken(page, async () => {
    await page.keyboard.press("Enter");
    await runClockToSuccess(page, requests, {
      withinMs: 2 * (2 * E2E_SEND_TIMEOUT_MS) + 3000,
      hanging: 1,
    });
    await expectSuccessShown(page);
  });
  expect(requests.count()).toBe(2);
  expect(said).toEqual([
    polite(JOINING),
    polite(WAITING.slow),
    polite(WAITING.trouble),
    ...REDIRECTING,
    SUCCESS_HEARD,
  ]);
});

test("a service refusing twice: its words said once across three tries", async ({
  page,
  emulator,
  failingSend: { requests },
}) => {
  const address = uniqueEmail("heard-retried");
  await emulator.fault({ count: 2, status: 503, match: { email: address } });
  await openFormWithAddress(page, { address, clock: "paused" });
  const said = await spoken(page, async () => {
    await page.keyboard.press("Enter");
    // The page takes its lock and opens its records in real time: the clock runs once its first
    // request is out, so no second of page time passes before it (which would rightly say "slow").
    await expect.poll(() => requests.count(), UNTIL_TEST_TIMEOUT).toBeGreaterThan(0);
    await runClockToSuccess(page, requests, { withinMs: E2E_RETRY_BUDGET_MS });
    await expectSuccessShown(page);
  });
  expect(requests.count()).toBe(3);
  expect(said).toEqual([polite(JOINING), polite(WAITING.trouble), ...REDIRECTING, SUCCESS_HEARD]);
});

test("the note of an earlier page: said once, in its words alone; its button reached next", async ({
  page,
  emulator,
  consoleGuard,
}) => {
  consoleGuard.expectSendFailureLog();
  const address = uniqueEmail("heard-note");
  await emulator.fault({ count: 1, status: 429, match: { email: address } });
  // The wait before the retry stands with the clock: the visitor leaves first.
  await pauseClockBeforeLoad(page);
  await gotoApp(page, "/");
  const { email, submit } = waitlistForm(page);
  await email.fill(address);
  const sending = await spoken(page, async () => {
    await submit.click();
    await expect(page.getByText(WAITING.crowd)).toBeVisible();
  });
  expect(sending).toEqual([BUTTON, polite(JOINING), polite(WAITING.crowd)]);

  // Back a minute later: the send that finishes it is held, so the note is heard meanwhile.
  await page.clock.setSystemTime(CLOCK_START + 60_000);
  const finishing = await holdRequests(page, 1);
  await gotoApp(page, "/");
  const note = page.getByRole("region", { name: "Your waitlist signup" });
  const noted = await spoken(page, async () => {
    // The note comes once the page has looked at idle and read its records, on its clock.
    await runClockUntilShown(page, note);
    await expect(note).toContainText(address);
  });
  expect(noted).toEqual([polite(`We're finishing your waitlist signup for ${address}.`)]);
  // Found as the page's last region, from the top; read on to its button.
  expect(await moveTo(page, "moveToPreviousRegion")).toEqual(["region, Your waitlist signup"]);
  expect(await readOn(page, 11)).toEqual([
    "status",
    "paragraph",
    "We're finishing your waitlist signup for",
    "strong",
    address,
    "end of strong",
    ".",
    "end of paragraph",
    "end of status",
    "button, Cancel",
    "end of region, Your waitlist signup",
  ]);
  const finished = await spoken(page, async () => {
    await finishing.arrived();
    await finishing.release();
    await page.clock.resume();
    await expectSuccessShown(page);
  });
  expect(finished).toEqual([...REDIRECTING, SUCCESS_HEARD]);
});

test("a slip in the domain: the hint said once, politely; its button next by Tab; taken, the field says the address", async ({
  page,
}) => {
  await gotoApp(page, "/");
  await touchPage(page);
  const { email } = waitlistForm(page);
  const address = uniqueEmail("heard-typo");
  await email.fill(address.replace(/\.com$/, ".con"));
  await email.focus();
  expect(await spoken(page, () => page.keyboard.press("Tab"))).toEqual([
    polite(TYPO_HINT.said(address)),
    `button, ${TYPO_HINT.take(address)}`,
  ]);
  // Past it and back: the hint is not said again.
  expect(await spoken(page, () => page.keyboard.press("Tab"))).toEqual(["button, Join Waitlist"]);
  expect(await spoken(page, () => page.keyboard.press("Shift+Tab"))).toEqual([
    `button, ${TYPO_HINT.take(address)}`,
  ]);
  expect(await spoken(page, () => page.keyboard.press("Enter"))).toEqual([
    `${FIELD}, ${address}, ${PRIVACY_LINE}`,
  ]);
});

test.describe("the bot check", () => {
  test.use({ baseURL: E2E_BOT_CHECK_SITE_URL });

  test("Google's challenge: its words said once; closed and expired, each its own words, the address kept", async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.expectSendFailureLog();
    const address = uniqueEmail("heard-challenge");
    await botCheckEmulator.challenge({ count: 1, match: { email: address } });
    await gotoApp(page, "/");
    const { email, submit } = waitlistForm(page);
    await email.fill(address);
    await submit.focus();
    const asked = await spoken(page, async () => {
      await page.keyboard.press("Enter");
      await expect(challenge(page).solve).toBeFocused();
    });
    // Focus goes into Google's frame, named by Google (its own words: a pattern).
    expect(asked).toEqual([polite(JOINING), expect.stringMatching(/recaptcha challenge/), ASKING]);
    const closed = await spoken(
      page,
      async () => {
        await page.keyboard.press("Escape");
        await expectFailureShown(page, address);
        await expect(submit).toBeFocused();
      },
      UNTIL_FAILURE_SAID,
    );
    // Focus is back on the button once it says Join Waitlist again, then the ending's own words
    // and the toast, each once.
    expect(closed).toEqual([BUTTON, polite(BOT_CHECK.closed), ...SUBMISSION_FAILED]);

    await botCheckEmulator.challenge({ count: 1, ends: "expired", match: { email: address } });
    const expired = await spoken(
      page,
      async () => {
        await page.keyboard.press("Enter");
        await expect(page.getByText(/expired before it was answered/)).toBeVisible();
        await expect(submit).toHaveText(JOIN);
        await expect(submit).toBeFocused();
      },
      UNTIL_FAILURE_SAID,
    );
    expect(expired).toEqual([
      polite(JOINING),
      expect.stringMatching(/recaptcha challenge/),
      ASKING,
      BUTTON,
      polite(BOT_CHECK.expired),
      ...SUBMISSION_FAILED,
    ]);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  const menuToggle = (page: Page) =>
    page.getByRole("navigation", { name: NAV.name }).getByRole("button", { name: NAV.menu });

  /**
   * From the toggle: the menu opened by keyboard (the virtual reader does not say a focused
   * control's state changing in place: a real one says "expanded"), its first item, back to the
   * toggle, its first item again, then closed by Escape, focus back on the toggle.
   */
  async function menuHeard(page: Page) {
    const toggle = menuToggle(page);
    return [
      ...(await spoken(page, async () => {
        await page.keyboard.press("Enter");
        await expect(toggle).toHaveAttribute("aria-expanded", "true");
      })),
      ...(await spoken(page, () => page.keyboard.press("Tab"))),
      ...(await spoken(page, () => page.keyboard.press("Shift+Tab"))),
      ...(await spoken(page, () => page.keyboard.press("Tab"))),
      ...(await spoken(page, async () => {
        await page.keyboard.press("Escape");
        await expect(toggle).toBeFocused();
      })),
    ];
  }

  test("the menu opened and closed, then with reduced motion: the same phrases, and a signup too", async ({
    page,
  }) => {
    await gotoApp(page, "/");
    expect(await spoken(page, () => menuToggle(page).focus())).toEqual([
      `button, ${NAV.menu}, not expanded`,
    ]);
    const withMotion = await menuHeard(page);
    expect(withMotion).toEqual([
      `link, ${NAV.features}`,
      `button, ${NAV.menu}, 1 control, expanded`,
      `link, ${NAV.features}`,
      `button, ${NAV.menu}, not expanded`,
    ]);
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await menuHeard(page)).toEqual(withMotion);

    const { email } = waitlistForm(page);
    await email.fill(uniqueEmail("heard-phone"));
    await email.focus();
    expect(await signUpHeard(page)).toEqual(SIGNED_UP);
  });
});
