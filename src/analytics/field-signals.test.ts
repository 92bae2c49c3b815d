// @vitest-environment happy-dom
/**
 * The field signals in the page: events wait in memory until the tracker starts, then go in order;
 * a page view is sent once per URL; nothing at all with Global Privacy Control or Do Not Track;
 * Form Start once, at the first focus or typing. The tracker is a stand-in sender.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TrackedEvent } from "./events";
import { createFieldSignals } from "./field-signals";

/** A sender that keeps what it is given, loaded when the test says. */
function sender() {
  const sent: TrackedEvent[] = [];
  let load = (_send: (event: TrackedEvent) => void) => {};
  const loaded = new Promise<(event: TrackedEvent) => void>((resolve) => {
    load = resolve;
  });
  return {
    sent,
    loader: vi.fn(() => loaded),
    ready: () => load((event) => sent.push(event)),
  };
}

const flush = () => new Promise((done) => setTimeout(done, 0));

/**
 * A page's signals with their tracker loaded and started, as most cases begin: what they are told
 * from here on is sent at once.
 */
async function startedSignals() {
  const signals = createFieldSignals();
  const tracker = sender();
  signals.start(tracker.loader);
  tracker.ready();
  await flush();
  return { ...signals, tracker };
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
    const { start, track } = createFieldSignals();
    const tracker = sender();
    track({ name: "pageview" });
    window.history.replaceState(null, "", "/success");
    track({ name: "Form Start" });
    start(tracker.loader);
    expect(tracker.sent).toEqual([]);
    tracker.ready();
    await flush();
    expect(tracker.sent.map(({ name, url }) => [name, new URL(url).pathname])).toEqual([
      ["pageview", "/"],
      ["Form Start", "/success"],
    ]);
    track({ name: "Signup Kept", props: { reason: "crowd" } });
    expect(tracker.sent.at(-1)).toMatchObject({ name: "Signup Kept", props: { reason: "crowd" } });
  });

  it("send one page view per page, however often it is tracked", async () => {
    const { track, tracker } = await startedSignals();
    track({ name: "pageview" });
    track({ name: "pageview" });
    window.history.replaceState(null, "", "/success");
    track({ name: "pageview" });
    expect(tracker.sent.map(({ url }) => new URL(url).pathname)).toEqual(["/", "/success"]);
  });

  it("of one page keep their own events: another page's signals neither send nor hold them", async () => {
    const first = await startedSignals();
    const second = await startedSignals();
    first.track({ name: "pageview" });
    second.track({ name: "pageview" });
    expect(first.tracker.sent.map(({ name }) => name)).toEqual(["pageview"]);
    expect(second.tracker.sent.map(({ name }) => name)).toEqual(["pageview"]);
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
    const { start, track } = createFieldSignals();
    const tracker = sender();
    track({ name: "pageview" });
    start(tracker.loader);
    track({ name: "Form Start" });
    tracker.ready();
    await flush();
    expect(tracker.loader).not.toHaveBeenCalled();
    expect(tracker.sent).toEqual([]);
  });

  it("a tracker that cannot load loses the page's signals, never the page's work", async () => {
    const { start, track } = createFieldSignals();
    track({ name: "pageview" });
    start(() => Promise.reject(new TypeError("offline")));
    await flush();
    expect(() => track({ name: "Form Start" })).not.toThrow();
  });

  it("say Form Start once, at the first focus or typing in the field", async () => {
    const { trackFormStart, tracker } = await startedSignals();
    document.body.innerHTML = '<input type="email">';
    const field = document.querySelector("input") as HTMLInputElement;
    trackFormStart(field);
    expect(tracker.sent).toEqual([]);
    field.dispatchEvent(new Event("input"));
    field.dispatchEvent(new Event("focus"));
    field.dispatchEvent(new Event("input"));
    expect(tracker.sent.map(({ name }) => name)).toEqual(["Form Start"]);
  });

  it("say Form Start at once for a field already focused when the app starts", async () => {
    const { trackFormStart, tracker } = await startedSignals();
    document.body.innerHTML = '<input type="email">';
    const field = document.querySelector("input") as HTMLInputElement;
    field.focus();
    trackFormStart(field);
    field.dispatchEvent(new Event("focus"));
    expect(tracker.sent.map(({ name }) => name)).toEqual(["Form Start"]);
  });

  it("say Form Start at once for a field typed into before the app started, then left", async () => {
    const { trackFormStart, tracker } = await startedSignals();
    document.body.innerHTML = '<input type="email"><button>Join</button>';
    const field = document.querySelector("input") as HTMLInputElement;
    field.value = "typed early";
    (document.querySelector("button") as HTMLButtonElement).focus();
    trackFormStart(field);
    expect(tracker.sent.map(({ name }) => name)).toEqual(["Form Start"]);
    field.dispatchEvent(new Event("focus"));
    field.dispatchEvent(new Event("input"));
    expect(tracker.sent.map(({ name }) => name)).toEqual(["Form Start"]);
  });
});
