/**
 * The names of the events the site's tracker sends: the field events, and Plausible's own
 * `engagement`; nothing else, not the tracker's own click and form events the site never tags for.
 */
import { describe, expect, it } from "vitest";
import { isFieldEventName, isTrackerEventName } from "./events";

const FIELD_EVENTS = ["pageview", "Form Start", "Signup", "Signup Kept", "Signup Failed"];
const NOT_SENT = [
  "Outbound Link: Click",
  "File Download",
  "Form: Submission",
  "signup",
  "Signup ",
  "toString",
  "constructor",
  "",
];

describe("the names the tracker sends", () => {
  it.each(FIELD_EVENTS)("%j is a field event, and one the tracker sends", (name) => {
    expect(isFieldEventName(name)).toBe(true);
    expect(isTrackerEventName(name)).toBe(true);
  });

  it("engagement, Plausible's own, is sent by the tracker but is no field event", () => {
    expect(isTrackerEventName("engagement")).toBe(true);
    expect(isFieldEventName("engagement")).toBe(false);
  });

  it.each(NOT_SENT)("%j is neither", (name) => {
    expect(isFieldEventName(name)).toBe(false);
    expect(isTrackerEventName(name)).toBe(false);
  });
});
