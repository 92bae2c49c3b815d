/**
 * The visitor journeys every engine must pass (docs/behaviour.md, "Quality bars": Engines), written once against
 * EnginePage. Elements are found by role and accessible name (in-page.ts); the one exception is the
 * mobile menu, reached through the toggle's aria-controls id, since a list has no name of its own.
 * The fixed words come from the browser tests' kit (tests/e2e/support/words.ts), copy from
 * src/content/, never from src/waitlist/texts.ts (docs/behaviour.md, "Tests").
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { solutions } from "../../src/content/solutions";
import {
  EMAIL_LABEL,
  FAILURE_TITLE,
  FORM_NAME,
  INVALID,
  JOIN,
  JOINING,
  NAV,
  NOT_FOUND,
  SUCCESS_HEADING,
  SUCCESS_TITLE,
  TOAST_REGION,
} from "../e2e/support/words";
import { outboxFor, setFault } from "./emulator";
import type { EnginePage } from "./engine-page";
import type { ElementState, Query } from "./in-page";
import type { ScriptGate } from "./script-gate";
import { waitFor } from "./wait";

type JourneyContext = { page: EnginePage; gate: ScriptGate };

export type Journey = {
  name: string;
  viewport?: { width: number; height: number };
  /** Console problems this journey must see, each matched in full; any other problem fails it. */
  expectedProblems?: RegExp[];
  run(context: JourneyContext): Promise<void>;
};

const DESKTOP = { width: 1280, height: 900 };
/** WebKit gets its narrowest window instead (about 447 px): still a phone layout, below md. */
const MOBILE = { width: 375, height: 740 };
const MD_BREAKPOINT_PX = 768;

const form: Query = { role: "form", name: FORM_NAME };
const emailField: Query = { role: "textbox", name: EMAIL_LABEL, within: form };
const joinButton: Query = { role: "button", name: JOIN, within: form };
const toastRegion: Query = { role: "region", name: TOAST_REGION };
const nav: Query = { role: "navigation", name: NAV.name };
const menuToggle: Query = { role: "button", name: NAV.menu, within: nav };
const heading = (name: string, level: number): Query => ({ role: "heading", name, level });

/** What a journey can wait on: the first match of a query, in any state the page is in now. */
async function waitForState(
  page: EnginePage,
  query: Query,
  what: string,
  accept: (state: ElementState) => boolean,
  timeout?: number,
): Promise<ElementState> {
  let last: ElementState | { count: 0 } = { count: 0 };
  try {
    await waitFor(
      async () => {
        last = await page.inspect(query);
        return last.count > 0 && accept(last as ElementState);
      },
      what,
      timeout,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}; last seen: ${JSON.stringify(last)}`);
  }
  return last as ElementState;
}

async function waitForPath(page: EnginePage, path: string) {
  let url = "";
  try {
    await waitFor(async () => {
      url = await page.url();
      return new URL(url).pathname === path && new URL(url).search === "";
    }, `the page to be ${path}`);
  } catch (error) {
    throw new Error(`${(error as Error).message}; the page is ${url}`);
  }
}

function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

async function expectOutbox(email: string, lines: number) {
  const outbox = await outboxFor(email);
  assert.equal(outbox.length, lines, `outbox lines for ${email}`);
  if (lines > 0) assert.equal(outbox[0]?.template_params.email, email);
}

/** /success as a visitor arrives there after a signup: heading, toast and the conversion log. */
async function expectSuccess(page: EnginePage) {
  await waitForPath(page, "/success");
  await waitForState(page, heading(SUCCESS_HEADING, 1), "the Thank You! heading", () => true);
  await waitForState(page, toastRegion, "the Redirecting... toast", (toast) =>
    toast.text.includes(SUCCESS_TITLE),
  );
  await waitFor(
    async () =>
      (await page.console()).logs.some((line) => line.startsWith("[conversion] waitlist_signup")),
    "the [conversion] waitlist_signup log",
  );
}

function routeJourney(path: string, title: string, level1: string | RegExp): Journey {
  return {
    name: `${title} renders its heading without errors`,
    viewport: DESKTOP,
    async run({ page }) {
      await page.open(path);
      const name = typeof level1 === "string" ? level1 : { pattern: level1.source };
      await waitForState(
        page,
        { role: "heading", level: 1, name },
        `the h1 of ${path}`,
        () => true,
      );
    },
  };
}

export const journeys: Journey[] = [
  routeJourney("/", "/", /^Stop API attacks/),
  routeJourney("/success", "/success", SUCCESS_HEADING),
  routeJourney("/no-such-page", "an unknown path", NOT_FOUND.heading),
  {
    name: "an invalid address is refused with a message and nothing is sent",
    viewport: DESKTOP,
    async run({ page }) {
      const address = `invalid-${randomUUID().slice(0, 8)}@example`;
      await page.open("/");
      await page.fill(emailField, address);
      await page.click(joinButton);
      const field = await waitForState(page, emailField, "the field marked invalid", (state) =>
        state.description.includes(INVALID),
      );
      assert.equal(field.invalid, "true", "aria-invalid on the field");
      assert.equal(field.value, address, "the typed address stays");
      await waitForPath(page, "/");
      // A send of it would have gone out before the next one (the form sends one at a time): a
      // valid address submitted next arrives, and the invalid one is still not in the outbox.
      const valid = uniqueEmail("engine-after-invalid");
      await page.fill(emailField, valid);
      await page.click(joinButton);
      await expectSuccess(page);
      await expectOutbox(valid, 1);
      await expectOutbox(address, 0);
    },
  },
  {
    name: "a valid address is sent once and lands on /success",
    viewport: DESKTOP,
    async run({ page }) {
      const address = uniqueEmail("engine-ok");
      await page.open("/");
      await page.fill(emailField, address);
      await page.click(joinButton);
      await expectSuccess(page);
      await expectOutbox(address, 1);
    },
  },
  {
    name: "an international domain is sent once, in its ASCII form",
    viewport: DESKTOP,
    async run({ page }) {
      const [local] = uniqueEmail("engine-idn").split("@");
      await page.open("/");
      // Typed as a visitor would: Firefox and WebKit keep the field's value as typed.
      await page.fill(emailField, `${local}@bücher.de`);
      await page.press("Enter");
      await expectSuccess(page);
      // Punycode, as Chromium's email field gives it and every mail system accepts it.
      await expectOutbox(`${local}@xn--bcher-kva.de`, 1);
      await expectOutbox(`${local}@bücher.de`, 0);
    },
  },
  {
    name: "a failed send keeps the address, then a retry is sent once",
    viewport: DESKTOP,
    expectedProblems: [/^error: Waitlist submission failed: HTTP 400 Bad Request$/],
    async run({ page }) {
      const address = uniqueEmail("engine-retry");
      await setFault({ count: 1, status: 400, match: { email: address } });
      await page.open("/");
      await page.fill(emailField, address);
      await page.click(joinButton);
      await waitForState(page, toastRegion, "the Submission failed toast", (toast) =>
        toast.text.includes(FAILURE_TITLE),
      );
      await waitForPath(page, "/");
      const field = await waitForState(page, emailField, "the field", () => true);
      assert.equal(field.value, address, "the address is kept");
      await expectOutbox(address, 0);
      await waitForState(
        page,
        joinButton,
        "Join Waitlist usable again",
        (button) => !button.disabled,
      );
      await page.click(joinButton);
      await expectSuccess(page);
      await expectOutbox(address, 1);
    },
  },
  {
    name: "a submit before the app starts is kept and sent once it starts",
    viewport: DESKTOP,
    async run({ page, gate }) {
      const address = uniqueEmail("engine-early");
      const release = gate.hold();
      try {
        await page.open("/", { scriptsHeld: true });
        await page.fill(emailField, address);
        await page.click(joinButton);
        // The loader's answer to the submit: from here a navigation, had the submit caused one,
        // would already be under way.
        await waitForState(
          page,
          { role: "button", name: JOINING, within: form },
          "Joining... from the loader",
          () => true,
        );
        const url = await page.url();
        assert.equal(
          new URL(url).pathname,
          "/",
          `no navigation before the app starts (now ${url})`,
        );
        assert.equal(new URL(url).search, "", `the address never goes into the URL (now ${url})`);
        assert.equal(
          await page.hydrated(),
          false,
          "the app had not started when the form was sent",
        );
        const field = await waitForState(page, emailField, "the field", () => true);
        assert.equal(field.value, address, "the address stays in the field");
      } finally {
        release();
      }
      await expectSuccess(page);
      await expectOutbox(address, 1);
    },
  },
  {
    name: "a correction made while the app loads is what is sent",
    viewport: DESKTOP,
    async run({ page, gate }) {
      const fixed = uniqueEmail("engine-fixed");
      const typo = fixed.replace("@example.com", "@exmaple.com");
      const release = gate.hold();
      try {
        await page.open("/", { scriptsHeld: true });
        await page.fill(emailField, typo);
        await page.click(joinButton);
        await waitForState(
          page,
          { role: "button", name: JOINING, within: form },
          JOINING,
          () => true,
        );
        await page.fill(emailField, fixed);
      } finally {
        release();
      }
      await expectSuccess(page);
      await expectOutbox(fixed, 1);
      await expectOutbox(typo, 0);
    },
  },
  {
    name: "the mobile menu opens, an item scrolls to its section and closes it",
    viewport: MOBILE,
    async run({ page }) {
      await page.open("/");
      const toggle = await waitForState(page, menuToggle, "the Menu toggle", () => true);
      assert.ok((await page.setViewport(MOBILE.width, MOBILE.height)) < MD_BREAKPOINT_PX);
      assert.equal(toggle.expanded, "false");
      assert.ok(toggle.controls, "the toggle names the menu it controls (aria-controls)");
      const menuId = toggle.controls;
      await page.click(menuToggle);
      await waitForState(page, menuToggle, "the menu open", (state) => state.expanded === "true");
      assert.equal(await page.isDisplayed(menuId), true, "the menu is shown");
      await page.click({ role: "link", name: NAV.solutions, within: nav });
      await waitForState(
        page,
        menuToggle,
        "the menu closed",
        (state) => state.expanded === "false",
      );
      assert.equal(await page.isDisplayed(menuId), false, "the menu is hidden");
      const banner = await waitForState(page, { role: "banner" }, "the header", () => true);
      await waitForState(
        page,
        heading(solutions.heading, 2),
        "the Solutions heading in view, below the fixed header",
        (state) => state.top >= banner.bottom - 1 && state.bottom <= state.viewportHeight,
      );
    },
  },
  {
    name: "Escape closes the mobile menu and focus returns to the toggle",
    viewport: MOBILE,
    async run({ page }) {
      await page.open("/");
      const toggle = await waitForState(page, menuToggle, "the Menu toggle", () => true);
      await page.click(menuToggle);
      await waitForState(page, menuToggle, "the menu open", (state) => state.expanded === "true");
      await page.focus({ role: "link", name: NAV.dashboard, within: nav });
      await page.press("Escape");
      await waitForState(
        page,
        menuToggle,
        "the menu closed with focus on the toggle",
        (state) => state.expanded === "false" && state.focused,
      );
      assert.equal(await page.isDisplayed(toggle.controls ?? ""), false, "the menu is hidden");
    },
  },
];
