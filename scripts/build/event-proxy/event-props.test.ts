/**
 * docs/analytics.md, "What is sent", names each event's properties and their words for the operator
 * who sets up Plausible: they are exactly those the event proxy forwards, no more, no fewer.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { EVENT_PROPS } from "./event-props";

const DOC = readFileSync(resolve(import.meta.dirname, "../../../docs/analytics.md"), "utf8");

/** Each event row's properties as the table words them: `key`: `word`, `word` (a note); `key`: … */
function documentedProps(): Record<string, Record<string, string[]>> {
  const documented: Record<string, Record<string, string[]>> = {};
  for (const [, name, cell] of DOC.matchAll(/^\| `([^`]+)` \|.*\| ([^|]+) \|$/gm)) {
    const props: Record<string, string[]> = {};
    for (const part of (cell ?? "").split(";")) {
      const [, key, words] = part.match(/`([^`]+)`:(.*)/) ?? [];
      if (key) {
        const unnoted = (words ?? "").replace(/\([^)]*\)/g, "");
        props[key] = [...unnoted.matchAll(/`([^`]+)`/g)].map(([, word]) => word ?? "");
      }
    }
    documented[name ?? ""] = props;
  }
  return documented;
}

describe("the properties docs/analytics.md lists", () => {
  it("are, event by event, the keys and words the proxy forwards", () => {
    const { engagement: _, ...fieldEvents } = EVENT_PROPS;
    const forwarded = Object.fromEntries(
      Object.entries(fieldEvents).map(([name, props]) => [
        name,
        Object.fromEntries(Object.entries(props).map(([key, words]) => [key, [...words].sort()])),
      ]),
    );
    const documented = Object.fromEntries(
      Object.entries(documentedProps()).map(([name, props]) => [
        name,
        Object.fromEntries(Object.entries(props).map(([key, words]) => [key, words.sort()])),
      ]),
    );
    expect(documented).toEqual(forwarded);
  });
});
