import { Window } from "happy-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { setUpEmulator } from "./test-harness";

const emulator = setUpEmulator();
const typed = { "Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "navigate" };
const SITE = "http://127.0.0.1:4173";

function parse(html: string) {
  return new new Window().DOMParser().parseFromString(html, "text/html");
}

type Page = ReturnType<typeof parse>;

async function send(n: string, path = "/", more: Record<string, unknown> = {}) {
  const response = await fetch(`${emulator.url}/api/event`, {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
    body: JSON.stringify({ n, v: 36, u: `${SITE}${path}`, d: "bulwark.example", r: null, ...more }),
  });
  expect(response.status).toBe(202);
}

async function openFunnel(query = "") {
  const response = await fetch(`${emulator.url}/inbox/funnel${query}`, { headers: typed });
  expect(response.status).toBe(200);
  return { response, doc: parse(await response.text()) };
}

/** The figures as a person reads them: each term with its value. */
function figures(doc: Page): Record<string, string | null | undefined> {
  const section = doc.querySelector('section[aria-labelledby="funnel-figures"]');
  const terms = [...(section?.querySelectorAll("dt") ?? [])];
  return Object.fromEntries(
    terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

/** A table of the view by its heading: its rows as [label, count]. */
function table(doc: Page, heading: string): string[][] | string {
  const section = [...doc.querySelectorAll("section")].find(
    (candidate) => candidate.querySelector("h2")?.textContent === heading,
  );
  if (!section) throw new Error(`no section headed ${heading}`);
  const rows = [...section.querySelectorAll("tbody tr")];
  if (rows.length === 0) return section.querySelector("p")?.textContent ?? "";
  return rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent ?? ""));
}

beforeEach(() => emulator.controls.clearEvents());

describe("the Funnel view", () => {
  it("shows a newcomer who joined once: 1 visit, 1 form start, 1 signup, 100% conversion", async () => {
    await send("pageview", "/");
    await send("Form Start");
    await send("Signup", "/", { p: { start: "form", retried: "no", bot_check: "off" } });
    await send("engagement", "/", { sd: 80, e: 9000, p: {} });
    await send("pageview", "/success", { r: SITE });
    const { response, doc } = await openFunnel();
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(doc.querySelector("h1")?.textContent).toBe("Funnel");
    expect(figures(doc)).toEqual({
      Visits: "1",
      "Form starts": "1",
      Signups: "1",
      Conversion: "100.0%",
      "Kept for later": "0",
      "Typo hints shown": "0",
      "Typo hints taken": "0",
    });
    expect(table(doc, "Failures by cause")).toBe("None.");
    expect(table(doc, "Top sources")).toEqual([["Direct / none", "1"]]);
    expect(table(doc, "Pages not found (/404)")).toBe("None.");
    expect(doc.querySelector("header p")?.textContent).toContain("From the 5 events");
  });

  it("shows failures by cause, the typo hints, sources and missed pages, escaped", async () => {
    await send("pageview", "/?utm_source=newsletter");
    await send("pageview", "/", { r: "https://news.example" });
    await send("Signup Failed", "/", { p: { cause: "throttled" } });
    await send("Signup Failed", "/", { p: { cause: "throttled" } });
    await send("Signup Failed", "/", { p: { cause: "<img src=x onerror=alert(1)>" } });
    await send("Signup Kept", "/", { p: { reason: "crowd" } });
    await send("Typo Hint", "/", { p: { taken: "no" } });
    await send("Typo Hint", "/", { p: { taken: "yes" } });
    await send("pageview", "/404?ref=<b>x</b>");
    const { doc } = await openFunnel();
    expect(figures(doc)).toMatchObject({ Visits: "2", Signups: "0", Conversion: "0.0%" });
    expect(figures(doc)["Kept for later"]).toBe("1");
    expect(figures(doc)["Typo hints shown"]).toBe("2");
    expect(figures(doc)["Typo hints taken"]).toBe("1");
    expect(table(doc, "Failures by cause")).toEqual([
      ["throttled", "2"],
      ["<img src=x onerror=alert(1)>", "1"],
    ]);
    expect(table(doc, "Top sources")).toEqual([
      ["news.example", "1"],
      ["newsletter", "1"],
    ]);
    expect(table(doc, "Pages not found (/404)")).toEqual([["<b>x</b>", "1"]]);
    expect(doc.querySelectorAll("img, b")).toHaveLength(0);
  });

  it("says where events come from before any arrive", async () => {
    const { doc } = await openFunnel();
    expect(doc.querySelector("header p")?.textContent).toContain(
      "No events yet: a local build with analytics on (VITE_PLAUSIBLE_DOMAIN) sends them to this emulator's /api/event.",
    );
    expect(figures(doc)).toMatchObject({ Visits: "0", Conversion: "0.0%" });
  });

  it("reloads itself only when asked to, and runs no script under the inbox's policy", async () => {
    const still = await openFunnel();
    expect(still.doc.querySelector('meta[http-equiv="refresh"]')).toBeNull();
    const reload = still.doc.querySelector('a[href="/inbox/funnel?live=on"]');
    expect(reload?.textContent).toBe("Reload every 3 s");
    const live = await openFunnel("?live=on");
    expect(live.doc.querySelector('meta[http-equiv="refresh"]')?.getAttribute("content")).toBe("3");
    expect(live.doc.querySelector('header p a[href="/inbox/funnel"]')?.textContent).toBe(
      "Stop reloading",
    );
    for (const { response, doc } of [still, live]) {
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain("script-src");
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
      expect(doc.querySelectorAll("script")).toHaveLength(0);
    }
  });

  it("is the inbox's second view: each view links the other and marks itself", async () => {
    const { doc: funnelDoc } = await openFunnel();
    const inbox = parse(await (await fetch(`${emulator.url}/inbox`, { headers: typed })).text());
    for (const [doc, current] of [
      [funnelDoc, "Funnel"],
      [inbox, "Emails"],
    ] as const) {
      const links = [...doc.querySelectorAll('nav[aria-label="Views"] a')];
      expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
        ["Emails", "/inbox"],
        ["Funnel", "/inbox/funnel"],
      ]);
      const marked = links.filter((link) => link.getAttribute("aria-current") === "page");
      expect(marked.map((link) => link.textContent)).toEqual([current]);
    }
  });

  it("answers no other site's page", async () => {
    const response = await fetch(`${emulator.url}/inbox/funnel`, {
      headers: { Origin: "http://127.0.0.1:9999", "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status).toBe(403);
  });
});
