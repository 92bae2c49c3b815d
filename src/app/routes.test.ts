import { describe, expect, it } from "vitest";
import { matchRoute } from "./routes";

describe("matchRoute", () => {
  it.each([
    ["/", "landing"],
    ["/success", "success"],
    ["/success/", "success"],
    ["/success//", "success"],
    ["/404", "notFound"],
    ["/pricing", "notFound"],
    ["/success/extra", "notFound"],
    ["/Success", "notFound"],
  ])("%s is %s", (path, id) => {
    expect(matchRoute(path)).toBe(id);
  });
});
