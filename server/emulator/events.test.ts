import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { eventsPathBeside } from "./events";
import { startEmulator } from "./server";
import { controlCharactersIn, setUpEmulator } from "./test-harness";

const emulator = setUpEmulator();

const SITE = "http://127.0.0.1:4173";

/** A page view as Plausible's tracker 0.4.6 sends it, after the site's transformRequest. */
const pageview = {
  n: "pageview",
  v: 36,
  u: `${SITE}/?utm_source=newsletter`,
  d: "bulwark.example",
  r: "https://news.example",
};

/** What the site's pages send on each event: the tracker's own request. */
function post(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${emulator.url}/api/event`, {
    method: "POST",
    headers: { "Content-Type": "text/plain", Origin: SITE, ...headers },
    keepalive: true,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function eventLines(): Promise<Record<string, unknown>[]> {
  const text = await readFile(emulator.emulator.eventsPath, "utf8").catch(() => "");
  expect(text === "" || text.endsWith("\n")).toBe(true);
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
}

beforeEach(() => emulator.controls.clearEvents());

describe("Plausible's event API", () => {
  it("answers 202 ok with CORS for any origin, and keeps the event as one line with its time", async () => {
    const before = Date.now();
    const response = await post(pageview);
    expect(response.status).toBe(202);
    expect(await response.text()).toBe("ok");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const [line, ...rest] = await eventLines();
    expect(rest).toEqual([]);
    const { time, ...event } = line ?? {};
    // What the tracker sent, field for field and in its order, after the time it arrived.
    expect(JSON.stringify(event)).toBe(JSON.stringify(pageview));
    expect(Date.parse(String(time))).toBeGreaterThanOrEqual(before - 1000);
    expect(emulator.logLines).toContain(`Plausible event "pageview" on /`);
  });

  it("keeps the funnel's events, props and all, and engagement without a terminal line", async () => {
    const signup = {
      n: "Signup",
      v: 36,
      u: `${SITE}/`,
      d: "bulwark.example",
      r: null,
      p: { start: "form", retried: "no", bot_check: "off" },
    };
    const engagement = {
      n: "engagement",
      sd: 64,
      d: "bulwark.example",
      u: `${SITE}/`,
      p: {},
      e: 5321,
      v: 36,
      h: 1,
    };
    const failed = { ...signup, n: "Signup Failed", p: { cause: "throttled" }, i: false };
    for (const body of [signup, engagement, failed]) {
      expect((await post(body, { "Content-Type": "application/json" })).status).toBe(202);
    }
    const lines = await eventLines();
    expect(lines.map(({ time: _, ...event }) => event)).toEqual([signup, engagement, failed]);
    expect(emulator.logLines).toContain(
      `Plausible event "Signup" on / {"start":"form","retried":"no","bot_check":"off"}`,
    );
    expect(emulator.logLines.some((line) => line.includes('"engagement"'))).toBe(false);
  });

  it("answers the preflight of a JSON post with 204 and CORS", async () => {
    const response = await fetch(`${emulator.url}/api/event`, {
      method: "OPTIONS",
      headers: {
        Origin: SITE,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(response.headers.get("access-control-allow-headers")).toBe("Content-Type");
  });

  it.each([
    ["not JSON", "{n:", "Invalid event: the body is not JSON"],
    [
      "an array",
      [pageview],
      "Invalid event: the body must be a JSON object with n, u and d; got an array.",
    ],
    [
      "no name",
      { ...pageview, n: undefined },
      "Invalid event: n (the event's name) must be a non-empty string; got none.",
    ],
    [
      "an empty name",
      { ...pageview, n: " " },
      "Invalid event: n (the event's name) must be a non-empty string",
    ],
    [
      "a name over 120 characters",
      { ...pageview, n: "x".repeat(121) },
      "Invalid event: n (the event's name) is longer than 120 characters.",
    ],
    [
      "a URL that is none",
      { ...pageview, u: "/success" },
      'Invalid event: u (the page\'s URL) is not a URL: "/success".',
    ],
    [
      "a javascript: URL",
      { ...pageview, u: "javascript:alert(1)" },
      'Invalid event: u (the page\'s URL) must be http: or https:; got "javascript:".',
    ],
    [
      "a number for the domain",
      { ...pageview, d: 7 },
      "Invalid event: d (the site's domain) must be a non-empty string",
    ],
    [
      "a referrer that is a number",
      { ...pageview, r: 3 },
      "Invalid event: r (the referrer) must be a string or null; got a number.",
    ],
    [
      "props that are a list",
      { ...pageview, p: ["a"] },
      "Invalid event: p (the props) must be an object; got an array.",
    ],
    [
      "a prop that is a number",
      { ...pageview, p: { retried: 1 } },
      "Invalid event: p.retried must be a string; got a number.",
    ],
    [
      "a prop over 300 characters",
      { ...pageview, p: { cause: "x".repeat(301) } },
      "Invalid event: p.cause is longer than 300 characters.",
    ],
    [
      "31 props",
      { ...pageview, p: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, "v"])) },
      "Invalid event: p has 31 props; at most 30.",
    ],
    [
      "an interactive flag that is a string",
      { ...pageview, i: "false" },
      "Invalid event: i must be a boolean; got a string.",
    ],
    [
      "a negative engagement time",
      { ...pageview, e: -1 },
      "Invalid event: e (the engaged time) must be a number of 0 or more",
    ],
    [
      "a field the tracker never sends",
      { ...pageview, email: "ada@example.com" },
      'Invalid event: unknown fields "email".',
    ],
  ])(
    "refuses %s with 400 and a text saying what is wrong, keeping nothing",
    async (_, body, text) => {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(text);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(await eventLines()).toEqual([]);
    },
  );

  it("refuses a body over 2 KB with 413, and another type than text/plain or JSON with 415", async () => {
    const big = await post({
      ...pageview,
      p: { note: "x".repeat(300) },
      u: `${SITE}/?${"a".repeat(2000)}`,
    });
    expect(big.status).toBe(413);
    expect(await big.text()).toBe(
      "The request body is larger than this emulator's limit of 2048 bytes.",
    );
    const form = await post("n=pageview", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    expect(await form.text()).toBe(
      "/api/event expects the event as Content-Type: text/plain or application/json; got 'application/x-www-form-urlencoded'.",
    );
    expect(await eventLines()).toEqual([]);
  });

  it("answers 405 for a GET, naming POST", async () => {
    const response = await fetch(`${emulator.url}/api/event`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
  });
});

describe("the events control", () => {
  it("lists every event, or those of one name, and clears them", async () => {
    await post(pageview);
    await post({ ...pageview, n: "Form Start" });
    await post({ ...pageview, n: "Signup", p: { start: "form", retried: "no", bot_check: "off" } });
    const all = await emulator.controls.events();
    expect(all.map((event) => event.n)).toEqual(["pageview", "Form Start", "Signup"]);
    const signups = await emulator.controls.events("Signup");
    expect(signups).toHaveLength(1);
    expect(signups[0]?.p).toEqual({ start: "form", retried: "no", bot_check: "off" });
    expect(typeof signups[0]?.time).toBe("string");
    await emulator.controls.clearEvents();
    expect(await emulator.controls.events()).toEqual([]);
    expect(await eventLines()).toEqual([]);
    await post(pageview);
    expect(await emulator.controls.events()).toHaveLength(1);
  });

  it("sends no CORS headers and answers no web page", async () => {
    const direct = await fetch(`${emulator.url}/__emulator/events`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("access-control-allow-origin")).toBeNull();
    expect(direct.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    const fromPage = await fetch(`${emulator.url}/__emulator/events`, {
      method: "DELETE",
      headers: { Origin: SITE, "Sec-Fetch-Site": "same-site" },
    });
    expect(fromPage.status).toBe(403);
    expect(fromPage.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("the events file", () => {
  it("sits beside the outbox, one per outbox", () => {
    expect(emulator.emulator.eventsPath).toBe(join(emulator.dir, "nested", "events.jsonl"));
    expect(eventsPathBeside("/w/.outbox/emails.jsonl")).toBe("/w/.outbox/events.jsonl");
    expect(eventsPathBeside("/w/.e2e/outbox.jsonl")).toBe("/w/.e2e/outbox-events.jsonl");
    expect(eventsPathBeside("/w/.e2e/bot-check-outbox.jsonl")).toBe(
      "/w/.e2e/bot-check-outbox-events.jsonl",
    );
  });

  it("keeps 100 concurrent events as 100 whole lines, and is not there until the first", async () => {
    const eventsPath = join(emulator.dir, "crowd", "events.jsonl");
    const crowd = await startEmulator({
      port: 0,
      outboxPath: join(emulator.dir, "crowd", "emails.jsonl"),
      log: () => {},
    });
    try {
      expect(crowd.eventsPath).toBe(eventsPath);
      await expect(readFile(eventsPath)).rejects.toThrow("ENOENT");
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          fetch(`${crowd.url}/api/event`, {
            method: "POST",
            headers: { "Content-Type": "text/plain" },
            body: JSON.stringify({ ...pageview, u: `${SITE}/missing-${i}` }),
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 202));
      const lines = (await readFile(eventsPath, "utf8")).split("\n");
      expect(lines.pop()).toBe("");
      const urls = new Set(lines.map((line) => JSON.parse(line).u));
      expect(urls.size).toBe(100);
    } finally {
      await crowd.close();
    }
  });

  it("writes an event's name and props to the terminal with every control character escaped", async () => {
    const hostile = {
      ...pageview,
      n: "\u001b]0;pwned\u0007\u009b2J\u007f\nEmail accepted",
      p: { cause: "\u009b31m\u202e" },
    };
    expect((await post(hostile)).status).toBe(202);
    // Kept as sent in the file (JSON escapes it there); inert on the terminal.
    expect((await eventLines())[0]?.n).toBe(hostile.n);
    const line = emulator.logLines.at(-1) ?? "";
    expect(line).toBe(
      'Plausible event "\\x1b]0;pwned\\x07\\x9b2J\\x7f\\x0aEmail accepted" on / {"cause":"\\x9b31m\\u202e"}',
    );
    expect(controlCharactersIn(line ?? "")).toEqual([]);
  });

  it("moves a full events file aside and begins a new one, so at most twice the cap is kept", async () => {
    const dir = join(emulator.dir, "capped");
    const logLines: string[] = [];
    const capped = await startEmulator({
      port: 0,
      outboxPath: join(dir, "emails.jsonl"),
      maxFileBytes: 1000,
      log: (line) => logLines.push(line),
    });
    try {
      for (let i = 0; i < 20; i++) {
        const response = await fetch(`${capped.url}/api/event`, {
          method: "POST",
          headers: { "Content-Type": "text/plain" },
          body: JSON.stringify({ ...pageview, u: `${SITE}/page-${i}` }),
        });
        expect(response.status).toBe(202);
      }
      const current = await readFile(capped.eventsPath, "utf8");
      const previous = await readFile(`${capped.eventsPath}.1`, "utf8");
      for (const text of [current, previous]) {
        expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1000);
        expect(text.endsWith("\n")).toBe(true);
      }
      // The newest events, in order, across the two files: the oldest are gone.
      const pages = `${previous}${current}`
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => new URL(JSON.parse(line).u).pathname);
      expect(pages.at(-1)).toBe("/page-19");
      expect(pages).toEqual(pages.map((_, i) => `/page-${20 - pages.length + i}`));
      expect(pages.length).toBeLessThan(20);
      expect(logLines).toContain(
        `${capped.eventsPath} reached its cap of 1000 bytes: moved to ${capped.eventsPath}.1, a new one begun`,
      );
    } finally {
      await capped.close();
    }
  });
});
