import { describe, expect, it } from "vitest";
import { cleanUrl } from "./plausible-tracker";

describe("cleanUrl", () => {
  it("keeps the origin, the path and the source parameters only", () => {
    expect(
      cleanUrl(
        "https://bulwark.example/?utm_source=news&email=ada%40example.com&utm_campaign=launch&ref=hn#waitlist",
      ),
    ).toBe("https://bulwark.example/?utm_source=news&utm_campaign=launch&ref=hn");
  });

  it("drops a query that carries no source at all", () => {
    expect(cleanUrl("https://bulwark.example/success?token=abc")).toBe(
      "https://bulwark.example/success",
    );
  });
});
