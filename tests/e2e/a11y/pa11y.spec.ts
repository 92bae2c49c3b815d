/**
 * docs/behaviour.md, "Quality bars": Accessibility, the second judge, since no one tool finds every barrier: pa11y 9 with its HTML_CodeSniffer
 * runner, WCAG2AA, finds no error on /, /success and the 404 page at 320, 375 and 1280 px. Warnings
 * and notices are left to people; only errors fail. It drives its own Chromium (the Debian one),
 * against the local site of the test stack.
 */
import pa11y from "pa11y";
import { CHROMIUM_ARGS, chromiumExecutable } from "../support/browser";
import { expect, test } from "../support/fixtures";
import { E2E_SITE_URL } from "../support/stack-ports";

const PATHS = ["/", "/success", "/missing-page"] as const;
const WIDTHS = [320, 375, 1280] as const;
// Judge the page as a visitor uses it: once the app has started.
const HYDRATED = "wait for element html[data-hydrated] to be added";

test.describe.configure({ timeout: 90_000 });

/** pa11y's errors on one page state (warnings and notices are only counted), logged as counts. */
async function pa11yErrors(label: string, path: string, width: number, actions: string[]) {
  const results = await pa11y(`${E2E_SITE_URL}${path}`, {
    standard: "WCAG2AA",
    runners: ["htmlcs"],
    includeWarnings: true,
    includeNotices: true,
    viewport: { width, height: 800 },
    timeout: 60_000,
    actions,
    chromeLaunchConfig: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
  });
  const count = (type: string) => results.issues.filter((issue) => issue.type === type).length;
  console.log(
    `pa11y ${label} @ ${width} px: ${count("error")} errors, ${count("warning")} warnings, ${count("notice")} notices`,
  );
  return results.issues
    .filter((issue) => issue.type === "error")
    .map(({ code, message, selector, context }) => ({ code, message, selector, context }));
}

for (const path of PATHS) {
  for (const width of WIDTHS) {
    test(`pa11y (htmlcs, WCAG2AA): no errors on ${path} at ${width} px`, async () => {
      expect(await pa11yErrors(path, path, width, [HYDRATED])).toEqual([]);
    });
  }
}

for (const width of [320, 375]) {
  test(`pa11y (htmlcs, WCAG2AA): no errors with the mobile menu open at ${width} px`, async () => {
    const actions = [
      HYDRATED,
      'click element button[aria-controls="mobile-menu"]',
      "wait for element #mobile-menu to be visible",
    ];
    expect(await pa11yErrors("/ (menu open)", "/", width, actions)).toEqual([]);
  });
}

for (const width of [320, 1280]) {
  test(`pa11y (htmlcs, WCAG2AA): no errors with the privacy notice open at ${width} px`, async () => {
    const actions = [
      HYDRATED,
      "click element form[aria-labelledby] details > summary",
      "wait for element form[aria-labelledby] details[open] to be added",
    ];
    expect(await pa11yErrors("/ (privacy notice open)", "/", width, actions)).toEqual([]);
  });
}
