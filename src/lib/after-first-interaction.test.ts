import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A window that only dispatches events, and counts the listeners left on it. */
function fakeWindow() {
  const target = new EventTarget();
  let listeners = 0;
  const add = target.addEventListener.bind(target);
  const remove = target.removeEventListener.bind(target);
  return Object.assign(target, {
    addEventListener: (...args: Parameters<EventTarget["addEventListener"]>) => {
      listeners += 1;
      add(...args);
    },
    removeEventListener: (...args: Parameters<EventTarget["removeEventListener"]>) => {
      listeners -= 1;
      remove(...args);
    },
    listeners: () => listeners,
  });
}

async function load(scope: unknown) {
  vi.stubGlobal("window", scope);
  return import("./after-first-interaction");
}

describe("nextInteraction", () => {
  it.each(["pointerdown", "pointermove", "keydown", "touchstart", "focusin", "wheel"])(
    "resolves on %s and stops listening",
    async (type) => {
      const scope = fakeWindow();
      const { nextInteraction } = await load(scope);
      let done = false;
      const next = nextInteraction().then(() => {
        done = true;
      });
      await Promise.resolve();
      expect(done).toBe(false);
      scope.dispatchEvent(new Event(type));
      await next;
      expect(done).toBe(true);
      expect(scope.listeners()).toBe(0);
    },
  );

  it("ignores what is not an interaction", async () => {
    const scope = fakeWindow();
    const { nextInteraction } = await load(scope);
    let done = false;
    void nextInteraction().then(() => {
      done = true;
    });
    scope.dispatchEvent(new Event("scroll"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).toBe(false);
  });

  it("resolves at once on the server", async () => {
    const { nextInteraction } = await load(undefined);
    await expect(nextInteraction()).resolves.toBeUndefined();
  });
});

describe("afterFirstInteraction", () => {
  it("is one promise for the whole tab", async () => {
    const scope = fakeWindow();
    const { afterFirstInteraction } = await load(scope);
    const first = afterFirstInteraction();
    expect(afterFirstInteraction()).toBe(first);
    scope.dispatchEvent(new Event("keydown"));
    await first;
    expect(afterFirstInteraction()).toBe(first);
  });
});
