import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { setUpEmulator, uniqueEmail, validBody } from "./test-harness";

const emulator = setUpEmulator();
const typed = { "Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "navigate" };

function parse(html: string) {
  return new new Window().DOMParser().parseFromString(html, "text/html");
}

async function signUp(email: string) {
  const response = await emulator.sendJson(validBody({ template_params: { email } }));
  expect(response.status).toBe(200);
}

describe("the inbox page", () => {
  it("lists the emails newest first and opens the newest", async () => {
    const first = uniqueEmail("older");
    const second = uniqueEmail("newer");
    await signUp(first);
    await signUp(second);
    const response = await fetch(`${emulator.url}/inbox`, { headers: typed });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const doc = parse(await response.text());
    const links = [...doc.querySelectorAll('nav[aria-label="Emails"] a')];
    const labels = links.map((link) => link.textContent ?? "");
    expect(labels[0]).toContain(`To ${second}`);
    expect(labels[0]).toContain("You're on the Bulwark early-access list");
    expect(labels[1]).toContain(`New waitlist signup: ${second}`);
    expect(labels[2]).toContain(`To ${first}`);
    expect(links[0]?.getAttribute("aria-current")).toBe("page");
    const headers = doc.querySelector('dl[aria-label="Headers"]')?.textContent ?? "";
    expect(headers).toContain(`To${second}`);
  });

  it("shows an email in sandboxed frames at two widths, with no script anywhere", async () => {
    const email = uniqueEmail("frames");
    await signUp(email);
    const page = await fetch(`${emulator.url}/inbox?scheme=dark`, { headers: typed });
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("script-src");
    const doc = parse(await page.text());
    expect(doc.querySelectorAll("script")).toHaveLength(0);
    const frames = [...doc.querySelectorAll("iframe")];
    expect(frames.map((frame) => frame.getAttribute("width"))).toEqual(["375", "600"]);
    for (const frame of frames) {
      expect(frame.getAttribute("sandbox")).toBe("");
      expect(frame.getAttribute("title")).toContain("dark");
      const body = await fetch(`${emulator.url}${frame.getAttribute("src")}`, {
        headers: { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "iframe" },
      });
      expect(body.status).toBe(200);
      expect(body.headers.get("content-security-policy")).toMatch(/^sandbox; default-src 'none'/);
      const html = await body.text();
      expect(html).toContain(email);
      // Dark on, whatever the browser prefers: a frame follows the browser, not the page.
      expect(html).toContain("@media all");
    }
  });

  it("escapes a hostile address in the list and the headers", async () => {
    const email = "<img src=x onerror=alert(1)>@evil.example";
    await signUp(email);
    const text = await (await fetch(`${emulator.url}/inbox`, { headers: typed })).text();
    expect(text).not.toContain("<img");
    // Escaped once by the template's rules (as EmailJS would), once more as text on the page.
    expect(text).toContain(
      "&amp;lt;img src&amp;#x3D;x onerror&amp;#x3D;alert(1)&amp;gt;@evil.example",
    );
  });

  it("answers no other site's page", async () => {
    const response = await fetch(`${emulator.url}/inbox`, {
      headers: { Origin: "http://127.0.0.1:9999", "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("follows the route table: 405 with Allow, 404 for an unknown email", async () => {
    const post = await fetch(`${emulator.url}/inbox`, { method: "POST", headers: typed });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
    const missing = await fetch(`${emulator.url}/inbox/9999/team-notification`, { headers: typed });
    expect(missing.status).toBe(404);
    const unknown = await fetch(`${emulator.url}/inbox/a/b/c/d`, { headers: typed });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe("Nothing here: GET /inbox/a/b/c/d. Read emails at /inbox.");
  });
});
