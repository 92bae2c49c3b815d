// @vitest-environment happy-dom
/**
 * The inline loader in a DOM, with the early-submit keeper it carries: it starts the app once the
 * page is painted whole (or after its grace time), keeps a submit made before the app runs, says
 * "nothing was sent" if the app never starts, and puts the page back as served before the app
 * hydrates.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  EARLY_SUBMIT_ATTRIBUTE,
  EARLY_SUBMIT_BUSY_ATTRIBUTE,
  EARLY_SUBMIT_GLOBAL,
  type EarlySubmitHandOver,
} from "@/waitlist/hand-over/early-submit";
import { FORM_PARSED_ID } from "@/waitlist/hand-over/form-island";

const APP = "/assets/app-1234.js";
const GIVE_UP_MS = 5000;
const NOT_STARTED = "Nothing was sent yet.";
const BUSY = "Joining...";
const SERVED_LABEL = "Join Waitlist";
const SERVED_MESSAGE = "served message";
/** Where no paint is reported, the loader starts the app this long after it runs. */
const FIRST_PAINT_GRACE_MS = 1000;

/** The paint observer the loader creates, with a way to report a paint entry by its name. */
type PaintObserver = {
  paint: (name?: "first-paint" | "first-contentful-paint") => void;
  observed: unknown;
};

let observers: PaintObserver[] = [];
/** What the next frame notifies: each intersection observer's first notice, given once. */
let firstNotices: (() => void)[] = [];

function installPaintTiming() {
  observers = [];
  class FakePerformanceObserver {
    record: PaintObserver;
    constructor(callback: (list: unknown) => void) {
      this.record = {
        paint: (name = "first-contentful-paint") =>
          callback({
            getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []),
          }),
        observed: undefined,
      };
      observers.push(this.record);
    }
    observe(options: unknown) {
      this.record.observed = options;
    }
  }
  vi.stubGlobal("PerformanceObserver", FakePerformanceObserver);
}

/** Frames the test renders: an intersection observer's first notice comes after the next one. */
function installFrames() {
  firstNotices = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(private readonly callback: () => void) {}
      observe() {
        firstNotices.push(this.callback);
      }
    },
  );
}

function renderFrame() {
  for (const notify of firstNotices.splice(0)) notify();
}

/** The document still being parsed, or parsed. */
function documentIs(state: DocumentReadyState) {
  Object.defineProperty(document, "readyState", { value: state, configurable: true });
}

function withoutPaintTiming() {
  vi.stubGlobal(
    "PerformanceObserver",
    class {
      observe() {
        throw new TypeError("paint is not a supported entry type");
      }
    },
  );
}

function servedPage() {
  document.head.innerHTML = "";
  document.body.innerHTML = `
    <form ${EARLY_SUBMIT_ATTRIBUTE}="${NOT_STARTED}" ${EARLY_SUBMIT_BUSY_ATTRIBUTE}="${BUSY}">
      <input name="email" value="ada@example.com">
      <button type="submit">${SERVED_LABEL}</button>
      <p aria-live="polite">${SERVED_MESSAGE}</p>
    </form>
    <form id="other"><button type="submit">Other</button></form>`;
  const script = document.createElement("script");
  script.dataset.app = APP;
  script.dataset.giveUpMs = String(GIVE_UP_MS);
  document.body.append(script);
  Object.defineProperty(document, "currentScript", { value: script, configurable: true });
}

async function runLoader(): Promise<EarlySubmitHandOver> {
  vi.resetModules();
  await import("./inline-loader");
  return (window as unknown as Record<string, EarlySubmitHandOver>)[
    EARLY_SUBMIT_GLOBAL
  ] as EarlySubmitHandOver;
}

/** The parser reaching the data block right after the waitlist form: the form's markup is parsed. */
function formParsed() {
  const marker = document.createElement("script");
  marker.type = "text/plain";
  marker.id = FORM_PARSED_ID;
  document.body.append(marker);
}

function appScripts(): HTMLScriptElement[] {
  return [...document.head.querySelectorAll("script")];
}

function submit(form: HTMLFormElement): boolean {
  const event = new Event("submit", { bubbles: true, cancelable: true });
  form.dispatchEvent(event);
  return event.defaultPrevented;
}

const waitlistForm = () =>
  document.querySelector<HTMLFormElement>(`[${EARLY_SUBMIT_ATTRIBUTE}]`) as HTMLFormElement;
const button = () => waitlistForm().querySelector("button") as HTMLButtonElement;
const message = () => waitlistForm().querySelector("[aria-live]") as HTMLElement;

// Each run adds a capturing submit listener to the one document: only the newest loader may act.
const listeners: [
  string,
  EventListenerOrEventListenerObject,
  boolean | AddEventListenerOptions | undefined,
][] = [];
const addEventListener = document.addEventListener.bind(document);

beforeEach(() => {
  // The app's script is never fetched here: the tests say when it fails (its onerror).
  (
    window as unknown as { happyDOM: { settings: Record<string, unknown> } }
  ).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
  vi.useFakeTimers();
  vi.spyOn(document, "addEventListener").mockImplementation((type, listener, options) => {
    listeners.push([type, listener as EventListenerOrEventListenerObject, options]);
    addEventListener(type, listener as EventListenerOrEventListenerObject, options);
  });
  servedPage();
  installFrames();
});

afterEach(() => {
  document.getElementById(FORM_PARSED_ID)?.remove();
  // Back to happy-dom's own readyState, where a test set one.
  Reflect.deleteProperty(document, "readyState");
  for (const [type, listener, options] of listeners.splice(0)) {
    document.removeEventListener(type, listener, options);
  }
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("starting the app", () => {
  it("adds the app's module script once, at the end of the first frame after the first contentful paint is reported, the document parsed", async () => {
    installPaintTiming();
    await runLoader();
    expect(observers).toHaveLength(1);
    expect(observers[0]?.observed).toEqual({ type: "paint" });
    expect(appScripts()).toEqual([]);
    observers[0]?.paint();
    // The paint is reported, not yet followed by a frame: the LCP rule's frame more.
    expect(appScripts()).toEqual([]);
    renderFrame();
    const scripts = appScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.type).toBe("module");
    expect(scripts[0]?.getAttribute("src")).toBe(APP);
    renderFrame();
    vi.advanceTimersByTime(2000);
    expect(appScripts()).toHaveLength(1);
  });

  it("waits for the first contentful paint: a first paint may be the background alone", async () => {
    installPaintTiming();
    await runLoader();
    observers[0]?.paint("first-paint");
    renderFrame();
    renderFrame();
    expect(appScripts()).toEqual([]);
    observers[0]?.paint("first-contentful-paint");
    renderFrame();
    renderFrame();
    expect(appScripts()).toHaveLength(1);
  });

  it("waits for a frame rendered after the document was parsed", async () => {
    installPaintTiming();
    documentIs("loading");
    await runLoader();
    observers[0]?.paint();
    renderFrame();
    renderFrame();
    renderFrame();
    expect(appScripts()).toEqual([]);
    documentIs("interactive");
    renderFrame();
    expect(appScripts()).toEqual([]);
    renderFrame();
    expect(appScripts()).toHaveLength(1);
  });

  it("with the waitlist form on the page, starts at the end of a frame rendered after its markup was parsed, before the document is", async () => {
    installPaintTiming();
    documentIs("loading");
    await runLoader();
    observers[0]?.paint();
    renderFrame();
    renderFrame();
    expect(appScripts()).toEqual([]);
    formParsed();
    // The form was parsed by the end of this frame, but maybe only after it was rendered.
    renderFrame();
    expect(appScripts()).toEqual([]);
    renderFrame();
    expect(appScripts()).toHaveLength(1);
  });

  it("a form parsed before the first contentful paint is reported: the first frame after it, as the React floor", async () => {
    installPaintTiming();
    documentIs("loading");
    await runLoader();
    formParsed();
    renderFrame();
    expect(appScripts()).toEqual([]);
    observers[0]?.paint();
    expect(appScripts()).toEqual([]);
    renderFrame();
    expect(appScripts()).toHaveLength(1);
  });

  it("starts the app after a second where paint timing is missing", async () => {
    withoutPaintTiming();
    await runLoader();
    vi.advanceTimersByTime(FIRST_PAINT_GRACE_MS - 1);
    expect(appScripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(appScripts()).toHaveLength(1);
  });

  it("starts the app after a second when no paint is reported", async () => {
    installPaintTiming();
    await runLoader();
    vi.advanceTimersByTime(FIRST_PAINT_GRACE_MS - 1);
    expect(appScripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(appScripts()).toHaveLength(1);
  });
});

describe("a submit before the app runs", () => {
  it("is kept: no navigation, the button says it is busy, the field keeps the address", async () => {
    installPaintTiming();
    const early = await runLoader();
    expect(early.kept).toBeUndefined();
    expect(submit(waitlistForm())).toBe(true);
    expect(early.kept).toBe(true);
    expect(button().textContent).toBe(BUSY);
    expect(message().textContent).toBe(SERVED_MESSAGE);
    expect(waitlistForm().querySelector("input")?.value).toBe("ada@example.com");
  });

  it("says nothing was sent once the give-up time passes without the app", async () => {
    installPaintTiming();
    await runLoader();
    submit(waitlistForm());
    vi.advanceTimersByTime(GIVE_UP_MS - 1);
    expect(message().textContent).toBe(SERVED_MESSAGE);
    vi.advanceTimersByTime(1);
    expect(message().textContent).toBe(NOT_STARTED);
    expect(button().textContent).toBe(SERVED_LABEL);
  });

  it("says nothing was sent at once when the app's script fails to load", async () => {
    installPaintTiming();
    await runLoader();
    submit(waitlistForm());
    vi.advanceTimersByTime(FIRST_PAINT_GRACE_MS);
    const script = appScripts()[0] as HTMLScriptElement;
    script.onerror?.(new Event("error"));
    expect(message().textContent).toBe(NOT_STARTED);
    expect(button().textContent).toBe(SERVED_LABEL);
  });

  it("a failed app script says nothing when no submit was kept", async () => {
    installPaintTiming();
    await runLoader();
    vi.advanceTimersByTime(FIRST_PAINT_GRACE_MS);
    appScripts()[0]?.onerror?.(new Event("error"));
    expect(message().textContent).toBe(SERVED_MESSAGE);
    expect(button().textContent).toBe(SERVED_LABEL);
  });

  it("a second submit shows the busy label once and keeps one give-up time", async () => {
    installPaintTiming();
    await runLoader();
    submit(waitlistForm());
    vi.advanceTimersByTime(GIVE_UP_MS - 10);
    submit(waitlistForm());
    expect(button().textContent).toBe(BUSY);
    vi.advanceTimersByTime(10);
    expect(message().textContent).toBe(SERVED_MESSAGE);
    vi.advanceTimersByTime(GIVE_UP_MS - 10);
    expect(message().textContent).toBe(NOT_STARTED);
    // Putting the page back restores what was served, not the busy label of the first submit.
    expect(button().textContent).toBe(SERVED_LABEL);
  });

  it("is kept even when a handler on the form stops the event on its way up", async () => {
    installPaintTiming();
    const early = await runLoader();
    waitlistForm().addEventListener("submit", (event) => event.stopPropagation());
    expect(submit(waitlistForm())).toBe(true);
    expect(early.kept).toBe(true);
  });

  it("keeps a submit on a form without a message area, and gives up silently", async () => {
    installPaintTiming();
    message().remove();
    const early = await runLoader();
    submit(waitlistForm());
    expect(early.kept).toBe(true);
    vi.advanceTimersByTime(GIVE_UP_MS);
    expect(button().textContent).toBe(SERVED_LABEL);
  });

  it("leaves other forms alone", async () => {
    installPaintTiming();
    const early = await runLoader();
    const other = document.getElementById("other") as HTMLFormElement;
    expect(submit(other)).toBe(false);
    expect(early.kept).toBeUndefined();
    expect(other.querySelector("button")?.textContent).toBe("Other");
  });
});

describe("the hand-over to the app", () => {
  it("restore puts the page back as served and stops the give-up message", async () => {
    installPaintTiming();
    const early = await runLoader();
    submit(waitlistForm());
    early.restore?.();
    expect(early.restore).toBeUndefined();
    expect(button().textContent).toBe(SERVED_LABEL);
    vi.advanceTimersByTime(GIVE_UP_MS * 2);
    expect(message().textContent).toBe(SERVED_MESSAGE);
  });

  it("once the app hydrates, a submit is only kept: the page stays as served", async () => {
    installPaintTiming();
    const early = await runLoader();
    early.restore?.();
    expect(submit(waitlistForm())).toBe(true);
    expect(early.kept).toBe(true);
    expect(button().textContent).toBe(SERVED_LABEL);
    vi.advanceTimersByTime(GIVE_UP_MS * 2);
    appScripts()[0]?.onerror?.(new Event("error"));
    expect(message().textContent).toBe(SERVED_MESSAGE);
  });

  it("once the app's handler is live, a submit is the app's: not kept, not prevented", async () => {
    installPaintTiming();
    const early = await runLoader();
    early.live = true;
    expect(submit(waitlistForm())).toBe(false);
    expect(early.kept).toBeUndefined();
    expect(button().textContent).toBe(SERVED_LABEL);
  });
});
