// @vitest-environment happy-dom
/**
 * The field signals in the page: events wait in memory until the tracker starts, then go in order;
 * a page view is sent once per URL; nothing at all with Global Privacy Control or Do Not Track;
 * Form Start once, at the first focus or typing. The tracker is a stand-in sender.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Recorded } from "./events";

type Analytics = typeof import("./field-signals");

/** A fresh copy of the module: its queue and its sender start empty. */
async function fresh(): Promise<Analytics> {
  vi.resetModules();
  return import("./field-signals");
}

/** A sender that keeps what it is given, loaded when the test says. */
function sender() {
  const sent: Recorded[] = [];
  let load = (_send: (recorded: Recorded) => void) => {};
  const loaded = new Promise<(recorded: Recorded) => void>((resolve) => {
    load = resolve;
  });
  return {
    sent,
    loader: vi.fn(() => loaded),
    ready: () => load((recorded) => sent.push(recorded)),
  };
}

const flush = () => new Promise((done) => setTimeout(done, 0));

/**
 * A fresh copy of the module with its tracker loaded and started, as most cases begin: what it is
 * signalled from here on is sent at once.
 */
async function startedSignals() {
  const analytics = await fresh();
  const tracker = sender();
  analytics.startSignals(tracker.loader);
  tracker.ready();
  await flush();
  return { ...analytics, tracker };
}

beforeEach(() => {
  window.history.replaceState(null, "", "/");
});

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, "globalPrivacyControl");
});

describe("the field signals", () => {
  it("keep events until the tracker runs, then send them in order with the page they happened on", async () => {
    const { signal, startSignals } = await fresh();
    const tracker = sender();
    signal({ name: "pageview" });
    window.history.replaceState(null, "", "/success");
    signal({ name: "Form Start" });
    startSignals(tracker.loader);
    expect(tracker.sent).toEqual([]);
    tracker.ready();
    await flush();
    expect(tracker.sent.map(({ name, url }) => [name, new URL(url).pathname])).toEqual([
      ["pageview", "/"],
      ["Form Start", "/success"],
    ]);
    signal({ name: "Signup Kept", props: { reason: "crowd" } });
    expect(tracker.sent.at(-1)).toMatchObject({ name: "Signup Kept", props: { reason: "crowd" } });
  });

  it("send one page view per page, however often it is signalled", async () => {
    const { signal, tracker } = await startedSignals();
    signal({ name: "pageview" });
    signal({ name: "pageview" });
    window.history.replaceState(null, "", "/success");
    signal({ name: "pageview" });
    expect(tracker.sent.map(({ url }) => new URL(url).pathname)).toEqual(["/", "/success"]);
  });

  it.each([
    [
      "Global Privacy Control",
      () =>
        Object.defineProperty(navigator, "globalPrivacyControl", {
          value: true,
          configurable: true,
        }),
    ],
    ["Do Not Track", () => vi.spyOn(navigator, "doNotTrack", "get").mockReturnValue("1")],
  ])("with %s on, load no tracker and send nothing", async (_setting, turnOn) => {
    turnOn();
    const { signal, startSignals } = await fresh();
    const tracker = sender();
    signal({ name: "pageview" });
    startSignals(tracker.loader);
    signal({ name: "Form Start" });
    tracker.ready();
    await flush();
    expect(tracker.loader).not.toHaveBeenCalled();
    expect(tracker.sent).toEqual([]);
  });

  it("a tracker that cannot load loses the page's signals, never the page's work", async () => {
    const { signal, startSignals } = await fresh();
    signal({ name: "pageview" });
    startSignals(() => Promise.reject(new TypeError("offline")));
    await flush();
    expect(() => signal({ name: "Form Start" })).not.toThrow();
  });

  it("say Form Start once, at the first focus or typing in the field", async () => {
    const { signalFormStart, tracker } = await startedSignals();
    document.body.innerHTML = '<input type="email">';
    const field = document.querySelector("input") as HTMLInputElement;
    signalFormStart(field);
    expect(tracker.sent).toEqual([]);
    field.dispatchEvent(new Event("input"));
    field.dispatchEvent(new Event("focus"));
    field.dispatchEvent(new Event("input"));
    expect(tracker.sent.map(({ name }) => name)).toEqual(["Form Start"]);
  });

  it("say Form Start at once for a field already focused when the app starts", async () => {
    const { signalFormStart, tracker } = await startedSignals();
    document.body.innerHTML = '<input type="email">';
    const field = document.querySelector("input") as HTMLInputElement;
    field.focus();
    signalFormStart(field);
    field.dispatchEvent(new Event("focus"));
    expect(tracker.sent.map(({ name }) => name)).toEqual(["Form Start"]);
  });

  it("say Form Start at once for a field typed into before the app started, then left", async () => {
    const { signalFormStart, tracker } = await startedSignals();
    document.body.innerHTML = '<input type="email"><button>Join</button>';
    const field = document.querySelector("input") as HTMLInputElement;
    field.value = "typed early";
    (document.querySelector("button") as HTMLButtonElement).focus();
    signalFormStart(field);
    expect(tracker.sent.map(({ name }) => name)).toEqual(["Form Start"]);
    field.dispatchEvent(new Event("focus"));
    field.dispatchEvent(new Event("input"));
    expect(tracker.sent.map(({ name }) => name)).toEqual(["Form Start"]);
  });
});
