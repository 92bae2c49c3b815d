/**
 * WebKit (WebKitGTK's MiniBrowser) through Debian's WebKitWebDriver and selenium-webdriver, over
 * classic WebDriver: no console or network events, so every page is loaded through the script gate,
 * which puts an error probe before the app's own code. Each test gets its own session (a fresh
 * MiniBrowser). Needs a display: run under xvfb-run.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { writeFile } from "node:fs/promises";
import { Builder, Key, type WebDriver, type WebElement } from "selenium-webdriver";
import type { Engine, EnginePage } from "./engine-page";
import {
  type ElementState,
  inPage,
  installProbe,
  type PageOperation,
  pageScript,
  type Query,
  readProbe,
} from "./in-page";
import type { ScriptGate } from "./script-gate";
import { waitFor, withTimeout } from "./wait";

const DRIVER = process.env.ENGINES_WEBKIT_DRIVER || "WebKitWebDriver";
const MINIBROWSER =
  process.env.ENGINES_MINIBROWSER_PATH || "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

const CAPABILITIES = {
  browserName: "MiniBrowser",
  // Navigation returns at once; open() waits for the parsed document itself. (A held app script,
  // as in the journey that submits before the app starts, must never be waited on by the driver,
  // or the navigation and the gate wait for each other.)
  pageLoadStrategy: "none",
  // Without --automation, MiniBrowser never answers the session request.
  "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
};

/**
 * A MiniBrowser that fails to start (now and then GTK reports "cannot open display" under load)
 * leaves WebKitWebDriver waiting forever for it: give up after this long, restart the driver and
 * try once more.
 */
const SESSION_TIMEOUT_MS = 30_000;

/** A read-only script in a page being loaded that has not answered by then is asked again. */
const UNANSWERED_SCRIPT_MS = 4000;

const KEYS = { Enter: Key.ENTER, Escape: Key.ESCAPE } as const;

async function startDriver(port: number): Promise<{ url: string; process: ChildProcess }> {
  if (!process.env.DISPLAY) {
    throw new Error("WebKit needs a display: run under xvfb-run -a (npm run test:engines does)");
  }
  const child = spawn(DRIVER, [`--port=${port}`, "--host=127.0.0.1"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  await waitFor(async () => {
    if (exited) throw new Error(`${DRIVER} exited`);
    return (await fetch(`${url}/status`)).ok;
  }, `${DRIVER} on port ${port}`);
  return { url, process: child };
}

export async function startWebKit({
  driverPort,
  gate,
}: {
  driverPort: number;
  gate: ScriptGate;
}): Promise<Engine> {
  let driverServer = await startDriver(driverPort);
  async function stopDriver() {
    const { process: child } = driverServer;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  }
  const engine = {
    name: "webkit" as const,
    version: "unknown",
    newPage,
    close: stopDriver,
  };

  async function createSession(): Promise<WebDriver> {
    for (let attempt = 1; ; attempt += 1) {
      const driver = new Builder()
        .usingServer(driverServer.url)
        .withCapabilities(CAPABILITIES)
        .build();
      const session = driver.getSession();
      // Given up on below, it may still fail later (its driver restarted), and so may the
      // driver's own promise of itself: nobody awaits either then.
      session.catch(() => {});
      driver.catch(() => {});
      try {
        await withTimeout(session, SESSION_TIMEOUT_MS, "a WebKit session");
        return driver;
      } catch (error) {
        if (attempt >= 2) throw error;
        console.log(`  (webkit: ${(error as Error).message}; restarting ${DRIVER})`);
        await stopDriver();
        driverServer = await startDriver(driverPort);
      }
    }
  }

  async function newPage(): Promise<EnginePage> {
    const driver = await createSession();
    engine.version = String((await driver.getCapabilities()).get("browserVersion") ?? "unknown");
    // Classic WebDriver commands have no time limit of their own: the one awaiting its answer is
    // named when a journey runs out of time.
    let pending: { what: string; since: number } | undefined;
    async function command<T>(what: string, work: () => Promise<T>): Promise<T> {
      const mine = { what, since: Date.now() };
      pending = mine;
      try {
        return await work();
      } finally {
        if (pending === mine) pending = undefined;
      }
    }
    const run = (operation: PageOperation) =>
      command(
        `script ${operation.op}`,
        () => driver.executeScript(pageScript(inPage, operation)) as Promise<unknown>,
      );

    async function element(query: Query): Promise<WebElement> {
      let found: WebElement | null = null;
      await waitFor(
        async () => {
          found = (await run({ op: "find", query })) as WebElement | null;
          return found !== null;
        },
        `no ${query.role} named ${JSON.stringify(query.name)}`,
      );
      return found as unknown as WebElement;
    }

    async function sizeViewport(width: number, height: number) {
      // setRect sizes the window, toolbar included: correct by what the page reports.
      await driver.manage().window().setRect({ width, height });
      const inner = (await driver.executeScript(
        "return [window.innerWidth, window.innerHeight];",
      )) as [number, number];
      await driver
        .manage()
        .window()
        .setRect({ width: 2 * width - inner[0], height: 2 * height - inner[1] });
      return (await driver.executeScript("return window.innerWidth;")) as number;
    }

    return {
      engine: "webkit",
      async open(path, options = {}) {
        // Nothing is held back here (the gate puts the probe before the app's code), so no driver
        // command can wait on a load that a held script keeps from ending.
        const target = `${gate.url}${path}`;
        await command(`navigation to ${target}`, () => driver.get(target));
        // Asked again when unanswered: a script sent while WebKit swaps web processes for the new
        // document (the site's Cross-Origin-Opener-Policy makes it a new browsing context group)
        // can go to the process being swapped out and never be answered, not even by WebDriver's
        // own script time limit. Asking again reaches the new document.
        await waitFor(
          async () =>
            (await command("script: is the document parsed", () =>
              withTimeout(
                driver.executeScript(
                  "return location.href === arguments[0] && document.readyState !== 'loading';",
                  target,
                ) as Promise<unknown>,
                UNANSWERED_SCRIPT_MS,
                "a script in the loading page",
              ),
            )) === true,
          `the parsed document of ${target}`,
        );
        if (options.scriptsHeld) {
          // The journey holds the app's scripts, probe and all: put the probe in now, to see what
          // happens before they run.
          await command("script: install the probe", () =>
            driver.executeScript(pageScript(installProbe)),
          );
        } else {
          await waitFor(async () => (await run({ op: "hydrated" })) === true, "hydration");
        }
      },
      url: async () => (await run({ op: "url" })) as string,
      hydrated: async () => (await run({ op: "hydrated" })) === true,
      inspect: async (query) => (await run({ op: "inspect", query })) as ElementState,
      isDisplayed: async (id) => (await run({ op: "isDisplayed", id })) === true,
      async click(query) {
        const target = await element(query);
        await command(`click on ${query.role} ${JSON.stringify(query.name)}`, () => target.click());
      },
      async fill(query, text) {
        const field = await element(query);
        await command("clear the field", () => field.clear());
        await command("type into the field", () => field.sendKeys(text));
      },
      async focus(query) {
        await waitFor(async () => (await run({ op: "focus", query })) === true, "focus");
      },
      async press(key) {
        await command(`press ${key}`, () => driver.actions().sendKeys(KEYS[key]).perform());
      },
      pendingCommand: () =>
        pending && `${pending.what}, for ${((Date.now() - pending.since) / 1000).toFixed(1)} s`,
      setViewport: sizeViewport,
      scrollTo: async (y) => (await run({ op: "scrollTo", y })) as number,
      async screenshot(file, options = {}) {
        if (options.fullPage) return false;
        await writeFile(file, await driver.takeScreenshot(), "base64");
        return true;
      },
      console: async () =>
        (await driver.executeScript(pageScript(readProbe))) as {
          problems: string[];
          logs: string[];
        },
      close: () => driver.quit(),
    };
  }

  return engine;
}
