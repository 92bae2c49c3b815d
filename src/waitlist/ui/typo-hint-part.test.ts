// @vitest-environment happy-dom
/**
 * The typo hint's words and button (docs/behaviour.md, "Typo hint") for an address whose local part
 * holds `$` patterns of String.prototype.replace: what is said, the button's name and the address
 * the button puts in the field are the one address, as typed but for its domain.
 */
import { act, createElement, useRef } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isValidEmail } from "@/waitlist/core/email-validation";
import { TypoHintLine } from "./typo-hint-line";
import { useTypoHint } from "./use-typo-hint";

vi.mock("@/lib/after-first-interaction", () => ({ afterFirstInteraction: async () => {} }));

let hook: ReturnType<typeof useTypoHint>;
let root: Root | undefined;
let container: HTMLElement;

function Field() {
  const field = useRef<HTMLInputElement>(null);
  hook = useTypoHint(field);
  return createElement(
    "div",
    null,
    createElement("input", { ref: field, name: "email" }),
    createElement(TypoHintLine, { hint: hook.hint, part: hook.part, onTake: hook.take }),
  );
}

const field = () => container.querySelector("input") as HTMLInputElement;
const said = () => container.querySelector("[aria-live]")?.textContent;
const button = () => container.querySelector("button") as HTMLButtonElement;

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root?.render(createElement(Field)));
  await act(async () => vi.dynamicImportSettled());
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  container.remove();
});

describe("an address with replacement patterns in its local part", () => {
  it.each(["a$&b", "a$'b", "a$`b", "a$$b", "a$1b", "$&$'$`$$$1"])(
    "%s: words, button and field agree",
    async (local) => {
      const typed = `${local}@gmial.com`;
      const corrected = `${local}@gmail.com`;
      expect(isValidEmail(typed)).toBe(true);
      field().value = typed;
      await act(async () => hook.onLeave(typed));
      expect(hook.hint).toEqual({ typed, corrected });
      expect(said()).toBe(`Did you mean ${corrected}?`);
      expect(button().getAttribute("aria-label")).toBe(`Use ${corrected}`);
      expect(button().textContent).toBe(`\u200e${corrected}\u200e`);
      await act(async () => button().click());
      expect(field().value).toBe(corrected);
    },
  );
});
