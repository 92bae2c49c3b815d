// @vitest-environment happy-dom
/**
 * The typo hint's hook while its check loads (docs/behaviour.md, "Typo hint"): nothing is imported
 * before the visitor's first interaction, a send never waits for the check (sent as typed, and not
 * questioned once it is in), a field left before it loads gets its hint then if it still holds
 * that address, and a check that cannot load gives no hint, nothing else. What the hint does once
 * the check is in is tested through the form's hook (use-waitlist-signup.test.ts).
 */
import { act, createElement, useRef } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useTypoHint } from "./use-typo-hint";

/** The visitor's first interaction, which the test makes happen (or fail to load what follows). */
const interaction = vi.hoisted(() => ({ happen: () => {}, promise: Promise.resolve() }));
vi.mock("@/lib/after-first-interaction", () => ({
  afterFirstInteraction: () => interaction.promise,
}));

/** The lazy part the check comes in (typo-hint-part.tsx). */
const CHECK = "@/waitlist/ui/typo-hint-part";
const SLIP = "jane@gmial.com";
const HINT = { typed: SLIP, corrected: "jane@gmail.com" };

type Hook = ReturnType<typeof useTypoHint>;
let hook: Hook;
let root: Root | undefined;
let container: HTMLElement;

function Field() {
  const field = useRef<HTMLInputElement>(null);
  hook = useTypoHint(field);
  return createElement("input", { ref: field, name: "email" });
}

const field = () => container.querySelector("input") as HTMLInputElement;

async function mount() {
  root = createRoot(container);
  await act(async () => root?.render(createElement(Field)));
}

/** The field holds `value` and is left. */
async function leaveWith(value: string) {
  field().value = value;
  await act(async () => hook.onLeave(value));
}

/** The visitor's first interaction, and whatever import it starts, settled. */
async function interact() {
  await act(async () => {
    interaction.happen();
    await vi.dynamicImportSettled();
  });
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  interaction.promise = new Promise((resolve) => {
    interaction.happen = () => resolve();
  });
  container = document.createElement("div");
  document.body.append(container);
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  container.remove();
  vi.doUnmock(CHECK);
});

describe("before the check has loaded", () => {
  it("it waits for the visitor's first interaction: a slip left before it gets no hint", async () => {
    await mount();
    await leaveWith(SLIP);
    await act(async () => vi.dynamicImportSettled());
    expect(hook.hint).toBeNull();
    await interact();
    await leaveWith(SLIP);
    expect(hook.hint).toEqual(HINT);
  });

  it("a field left before it loads gets its hint once it has, the field still holding that address", async () => {
    await mount();
    await leaveWith(`  ${SLIP} `);
    expect(hook.hint).toBeNull();
    await interact();
    expect(hook.hint).toEqual(HINT);
  });

  it("a field that holds another address by then gets no hint for the one it was left with", async () => {
    await mount();
    await leaveWith(SLIP);
    field().value = "jane@gmial.co";
    await interact();
    expect(hook.hint).toBeNull();
  });

  it("a send is never held: the address goes as typed, and is not questioned once the check is in", async () => {
    await mount();
    await leaveWith(SLIP);
    let holds = true;
    await act(async () => {
      holds = hook.holds(SLIP);
    });
    expect(holds).toBe(false);
    await interact();
    expect(hook.hint).toBeNull();
    await leaveWith(SLIP);
    expect(hook.hint).toBeNull();
    // Another slip is questioned: the check is in.
    await leaveWith("ada@hotmial.de");
    expect(hook.hint).toEqual({ typed: "ada@hotmial.de", corrected: "ada@hotmail.de" });
  });
});

describe("a check that cannot load", () => {
  it("gives no hint, and every send goes as typed", async () => {
    vi.doMock(CHECK, () => {
      throw new Error("Failed to fetch dynamically imported module");
    });
    await mount();
    await leaveWith(SLIP);
    await interact();
    expect(hook.hint).toBeNull();
    await leaveWith(SLIP);
    expect(hook.hint).toBeNull();
    expect(hook.holds(SLIP)).toBe(false);
  });
});
