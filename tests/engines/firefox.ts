/**
 * Firefox ESR through puppeteer-core over WebDriver BiDi. Console messages and uncaught errors come
 * from the protocol's own log events, from the first byte of each document; each test gets a fresh
 * browser context (its own storage).
 */
import puppeteer, { type ElementHandle, type Page } from "puppeteer-core";
import type { Engine, EnginePage } from "./engine-page";
import { type ElementState, inPage, type PageOperation, pageScript, type Query } from "./in-page";
import type { ScriptGate } from "./script-gate";
import { waitFor } from "./wait";

const FIREFOX = process.env.ENGINES_FIREFOX_PATH || "/usr/bin/firefox-esr";

// Loaded before any script of each document, as Playwright's fixture does for Chromium.
const CSP_REPORTER = `document.addEventListener("securitypolicyviolation", (event) => {
  console.error("CSP violation: " + event.violatedDirective + " blocked " + event.blockedURI);
});`;

function isLocal(url: string): boolean {
  const { hostname, protocol } = new URL(url);
  return hostname === "127.0.0.1" || protocol === "data:" || protocol === "blob:";
}

function run(page: Page, operation: PageOperation) {
  return page.evaluate(`(() => { ${pageScript(inPage, operation)} })()`);
}

export async function startFirefox({
  siteUrl,
  gate,
}: {
  siteUrl: string;
  gate: ScriptGate;
}): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    // Nothing at start-up may reach for the network: this machine has none.
    extraPrefsFirefox: {
      "app.update.enabled": false,
      "browser.safebrowsing.malware.enabled": false,
      "browser.safebrowsing.phishing.enabled": false,
      "network.captive-portal-service.enabled": false,
      "network.connectivity-service.enabled": false,
    },
  });
  const version = (await browser.version()).replace(/^firefox\//i, "");

  async function newPage(): Promise<EnginePage> {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const problems: string[] = [];
    const logs: string[] = [];
    page.on("console", (message) => {
      const type = message.type();
      const text = message.text();
      if (type === "log") logs.push(text);
      else if (type === "error" || type === "warn")
        problems.push(`${type === "warn" ? "warning" : "error"}: ${text}`);
    });
    page.on("pageerror", (error) => {
      problems.push(`uncaught: ${error instanceof Error ? error.message : String(error)}`);
    });
    page.on("request", (request) => {
      if (!isLocal(request.url())) problems.push(`request left the machine: ${request.url()}`);
    });
    await page.evaluateOnNewDocument(CSP_REPORTER);

    async function element(query: Query): Promise<ElementHandle<Element>> {
      let found: ElementHandle<Element> | null = null;
      await waitFor(
        async () => {
          const handle = await page.evaluateHandle(
            `(() => { ${pageScript(inPage, { op: "find", query })} })()`,
          );
          found = handle.asElement() as ElementHandle<Element> | null;
          if (!found) await handle.dispose();
          return found !== null;
        },
        `no ${query.role} named ${JSON.stringify(query.name)}`,
      );
      return found as unknown as ElementHandle<Element>;
    }

    return {
      engine: "firefox",
      async open(path, options = {}) {
        const base = options.scriptsHeld ? gate.url : siteUrl;
        await page.goto(`${base}${path}`, {
          waitUntil: options.scriptsHeld ? "domcontentloaded" : "load",
        });
        if (!options.scriptsHeld) {
          await waitFor(async () => (await run(page, { op: "hydrated" })) === true, "hydration");
        }
      },
      url: async () => (await run(page, { op: "url" })) as string,
      hydrated: async () => (await run(page, { op: "hydrated" })) === true,
      inspect: async (query) => (await run(page, { op: "inspect", query })) as ElementState,
      isDisplayed: async (id) => (await run(page, { op: "isDisplayed", id })) === true,
      async click(query) {
        await (await element(query)).click();
      },
      async fill(query, text) {
        const field = await element(query);
        await field.click();
        await field.evaluate((input) => {
          (input as HTMLInputElement).value = "";
        });
        await field.type(text);
      },
      async focus(query) {
        await (await element(query)).focus();
      },
      press: (key) => page.keyboard.press(key),
      async setViewport(width, height) {
        await page.setViewport({ width, height });
        return width;
      },
      scrollTo: async (y) => (await run(page, { op: "scrollTo", y })) as number,
      async screenshot(file, options = {}) {
        await page.screenshot({ path: file as `${string}.png`, fullPage: options.fullPage });
        return true;
      },
      console: async () => ({ problems: [...problems], logs: [...logs] }),
      close: () => context.close(),
    };
  }

  return { name: "firefox", version, newPage, close: () => browser.close() };
}
