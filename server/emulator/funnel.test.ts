import { describe, expect, it } from "vitest";
import { type FunnelEvent, formatFunnel, funnel } from "./funnel";

const SITE = "http://127.0.0.1:4173";

const view = (path: string, r: string | null = null): FunnelEvent => ({
  n: "pageview",
  u: `${SITE}${path}`,
  r,
});
const named = (n: string, p?: Record<string, string>): FunnelEvent => ({
  n,
  u: `${SITE}/`,
  r: null,
  ...(p ? { p } : {}),
});

describe("funnel", () => {
  it("counts a newcomer who joins once: 1 visit, 1 form start, 1 signup, 100% conversion", () => {
    const events = [
      view("/"),
      named("engagement"),
      named("Form Start"),
      named("Signup", { start: "form", retried: "no", bot_check: "off" }),
      view("/success", SITE),
      named("engagement"),
    ];
    expect(funnel(events)).toEqual({
      visits: 1,
      formStarts: 1,
      signups: 1,
      conversion: 100,
      failures: [],
      kept: 0,
      hintsShown: 0,
      hintsTaken: 0,
      sources: [{ label: "Direct / none", count: 1 }],
      notFound: [],
    });
  });

  it("is all zeros without events, conversion included", () => {
    expect(funnel([])).toEqual({
      visits: 0,
      formStarts: 0,
      signups: 0,
      conversion: 0,
      failures: [],
      kept: 0,
      hintsShown: 0,
      hintsTaken: 0,
      sources: [],
      notFound: [],
    });
    expect(funnel([named("Signup")]).conversion).toBe(0);
  });

  it("gives the conversion in percent to one decimal", () => {
    const visits = [view("/"), view("/"), view("/")];
    expect(funnel([...visits, named("Signup")]).conversion).toBe(33.3);
    expect(funnel([...visits, named("Signup"), named("Signup")]).conversion).toBe(66.7);
    expect(funnel([view("/"), view("/success"), named("Signup")]).conversion).toBe(100);
  });

  it("counts failures by cause, most first, and the signups kept", () => {
    const failed = (cause: string) => named("Signup Failed", { cause });
    const result = funnel([
      failed("outage"),
      failed("throttled"),
      failed("throttled"),
      named("Signup Failed"),
      failed("bot-check-closed"),
      named("Signup Kept", { reason: "crowd" }),
      named("Signup Kept", { reason: "offline" }),
    ]);
    expect(result.failures).toEqual([
      { label: "throttled", count: 2 },
      { label: "(no cause)", count: 1 },
      { label: "bot-check-closed", count: 1 },
      { label: "outage", count: 1 },
    ]);
    expect(result.kept).toBe(2);
    expect(result.signups).toBe(0);
  });

  it("counts the typo hints shown and those taken", () => {
    const hint = (taken: string) => named("Typo Hint", { taken });
    const result = funnel([hint("no"), hint("yes"), hint("no"), named("Typo Hint")]);
    expect([result.hintsShown, result.hintsTaken]).toEqual([4, 1]);
  });

  it("tells each visit's source: a source parameter, else another site's referrer, else direct", () => {
    const result = funnel([
      view("/?utm_source=newsletter&utm_medium=email", "https://mail.example"),
      view("/?utm_source=newsletter"),
      view("/?ref=producthunt"),
      view("/", "https://news.ycombinator.com"),
      view("/", "https://news.ycombinator.com"),
      view("/", "https://news.ycombinator.com"),
      view("/", "https://www.google.com"),
      // A reload, or a visitor back from /success: the site itself is no source.
      view("/", SITE),
      view("/"),
      view("/?utm_source=%20"),
      // Only the landing page's views are visits.
      view("/success", "https://elsewhere.example"),
    ]);
    expect(result.visits).toBe(10);
    expect(result.sources).toEqual([
      { label: "Direct / none", count: 3 },
      { label: "news.ycombinator.com", count: 3 },
      { label: "newsletter", count: 2 },
      { label: "producthunt", count: 1 },
      { label: "www.google.com", count: 1 },
    ]);
  });

  it("names the top 5 sources only, of visits and of pages not found", () => {
    const sources = ["a", "b", "c", "d", "e", "f"].flatMap((name, index) =>
      Array.from({ length: 6 - index }, () => view(`/?utm_source=${name}`)),
    );
    expect(funnel(sources).sources.map(({ label }) => label)).toEqual(["a", "b", "c", "d", "e"]);
    const missed = ["a", "b", "b", "c", "d", "e", "f", "f", "f"].map((name) =>
      view(`/404?ref=${name}`),
    );
    expect(funnel(missed).notFound).toEqual([
      { label: "f", count: 3 },
      { label: "b", count: 2 },
      { label: "a", count: 1 },
      { label: "c", count: 1 },
      { label: "d", count: 1 },
    ]);
  });

  it("counts the not-found page's views by where they came from, the site's pages as the site does, and no visit for them", () => {
    const result = funnel([
      view("/404?utm_source=ad"),
      view("/404", "https://mail.example"),
      view("/404"),
      view("/pricing"),
      view("/success"),
      view("/success/"),
      view("/"),
      { n: "pageview", u: "not a url" },
    ]);
    expect(result.notFound).toEqual([
      { label: "Direct / none", count: 2 },
      { label: "ad", count: 1 },
      { label: "mail.example", count: 1 },
    ]);
    expect(result.visits).toBe(1);
  });
});

describe("formatFunnel", () => {
  it("prints the funnel as a plain-text table, figures right-aligned", () => {
    const result = funnel([
      view("/", "https://news.ycombinator.com"),
      view("/"),
      view("/"),
      named("Form Start"),
      named("Form Start"),
      named("Signup"),
      named("Signup Failed", { cause: "throttled" }),
      named("Signup Kept", { reason: "crowd" }),
      named("Typo Hint", { taken: "yes" }),
      view("/404", "https://mail.example"),
    ]);
    expect(formatFunnel(result)).toBe(
      [
        "Visits                      3",
        "Form starts                 2",
        "Signups                     1",
        "Conversion              33.3%",
        "Kept for later              1",
        "Typo hints shown            1",
        "Typo hints taken            1",
        "Failures by cause",
        "  throttled                 1",
        "Top sources",
        "  Direct / none             2",
        "  news.ycombinator.com      1",
        "Pages not found (/404)",
        "  mail.example              1",
      ].join("\n"),
    );
  });

  it("says (none) for an empty list", () => {
    expect(formatFunnel(funnel([]))).toBe(
      [
        "Visits               0",
        "Form starts          0",
        "Signups              0",
        "Conversion        0.0%",
        "Kept for later       0",
        "Typo hints shown     0",
        "Typo hints taken     0",
        "Failures by cause",
        "  (none)",
        "Top sources",
        "  (none)",
        "Pages not found (/404)",
        "  (none)",
      ].join("\n"),
    );
  });
});
