import { afterEach, describe, expect, it, vi } from "vitest";
import { failureCause } from "../../../src/waitlist/core/failure-cause";
import {
  type EventProxySettings,
  handleEvent,
  MAX_EVENT_BYTES,
  UPSTREAM_LIMIT_MS,
} from "./handler";

const UPSTREAM = "https://plausible.example/api/event";
const ANSWER_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Cache-Control": "no-store",
};
const SITE = "https://bulwark.example.com";
const settings: EventProxySettings = {
  path: "/p7/api/event",
  domain: "bulwark.example.com",
  upstream: UPSTREAM,
  answerHeaders: ANSWER_HEADERS,
};
const EVENT = `{"n":"pageview","u":"${SITE}/","d":"bulwark.example.com"}`;
const VISITOR = "203.0.113.7";

type Sent = { url: string; init: RequestInit };

/** Plausible as far as the proxy can tell: records what it was sent, answers 202 "ok". */
function fakeUpstream(reply: () => Promise<Response> = async () => accepted()) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return reply();
  });
  return { sent, fetch };
}

const accepted = () =>
  new Response("ok", {
    status: 202,
    headers: { "content-type": "text/plain; charset=utf-8", "set-cookie": "plausible=1" },
  });

function post(body: BodyInit | null, headers: Record<string, string> = {}, method = "POST") {
  return new Request(`${SITE}/p7/api/event`, {
    method,
    headers: { "content-type": "text/plain", ...headers },
    body,
    // A stream as the body needs this in Node's Request.
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

function expectSiteHeaders(response: Response) {
  for (const [name, value] of Object.entries(ANSWER_HEADERS)) {
    expect(response.headers.get(name), name).toBe(value);
  }
}

const sentHeaders = (sent: Sent) => Object.fromEntries(new Headers(sent.init.headers).entries());

afterEach(() => {
  vi.useRealTimers();
});

describe("handleEvent forwards an event", () => {
  it("posts its body byte for byte to the upstream, with User-Agent, Content-Type and the host's address of the visitor, and answers with the upstream's status and body", async () => {
    const upstream = fakeUpstream();
    const response = await handleEvent(post(EVENT, { "user-agent": "Firefox/140" }), settings, {
      visitorAddress: VISITOR,
      fetch: upstream.fetch,
    });
    expect(response.status).toBe(202);
    expect(await response.text()).toBe("ok");
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("set-cookie")).toBeNull();
    expectSiteHeaders(response);
    expect(upstream.sent).toHaveLength(1);
    const [sent] = upstream.sent;
    expect(sent?.url).toBe(UPSTREAM);
    expect(sent?.init.method).toBe("POST");
    expect(new TextDecoder().decode(sent?.init.body as Uint8Array)).toBe(EVENT);
    expect(sentHeaders(sent as Sent)).toEqual({
      "content-type": "text/plain",
      "user-agent": "Firefox/140",
      "x-forwarded-for": VISITOR,
      "x-plausible-ip": VISITOR,
    });
  });

  it("forwards no cookie, no Authorization and none of the addresses the request claims", async () => {
    const upstream = fakeUpstream();
    const claimed = {
      cookie: "session=app; cf_clearance=x",
      authorization: "Basic c3RhZ2luZzpzZWNyZXQ=",
      "x-forwarded-for": "198.51.100.1",
      "x-plausible-ip": "198.51.100.2",
      "cf-connecting-ip": "198.51.100.3",
      "x-real-ip": "198.51.100.4",
      forwarded: "for=198.51.100.5",
      referer: "https://bulwark.example.com/?email=name@example.com",
      origin: "https://bulwark.example.com",
    };
    await handleEvent(post(EVENT, claimed), settings, {
      visitorAddress: VISITOR,
      fetch: upstream.fetch,
    });
    expect(Object.keys(sentHeaders(upstream.sent[0] as Sent)).sort()).toEqual([
      "content-type",
      "x-forwarded-for",
      "x-plausible-ip",
    ]);
    expect(JSON.stringify(sentHeaders(upstream.sent[0] as Sent))).not.toMatch(/198\.51\.100/);
  });

  it("sends no address at all when the host gave none, rather than one the request claims", async () => {
    const upstream = fakeUpstream();
    await handleEvent(post(EVENT, { "x-forwarded-for": "198.51.100.1" }), settings, {
      visitorAddress: undefined,
      fetch: upstream.fetch,
    });
    expect(sentHeaders(upstream.sent[0] as Sent)).toEqual({ "content-type": "text/plain" });
  });

  it("sends the event as text/plain whatever type the request claimed, and follows no redirect", async () => {
    const upstream = fakeUpstream();
    await handleEvent(
      post(EVENT, { "content-type": "text/plain; x=ada@example.com; charset=utf-16" }),
      settings,
      { visitorAddress: undefined, fetch: upstream.fetch },
    );
    const [sent] = upstream.sent as Sent[];
    expect(sent && sentHeaders(sent)).toEqual({ "content-type": "text/plain" });
    expect(sent?.init.redirect).toBe("manual");
  });

  it.each(["application/json", "text/plain; charset=UTF-8", "Application/JSON"])(
    "takes an event sent as %s",
    async (type) => {
      const upstream = fakeUpstream();
      const response = await handleEvent(post(EVENT, { "content-type": type }), settings, {
        visitorAddress: VISITOR,
        fetch: upstream.fetch,
      });
      expect(response.status).toBe(202);
      expect(upstream.sent).toHaveLength(1);
    },
  );

  it("passes an upstream's refusal on, its status and body, with the site's headers", async () => {
    const upstream = fakeUpstream(
      async () =>
        new Response('{"errors":{"domain":"can\'t be blank"}}', {
          status: 400,
          headers: { "content-type": "application/json" },
        }),
    );
    const response = await handleEvent(post(EVENT), settings, {
      visitorAddress: VISITOR,
      fetch: upstream.fetch,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: { domain: "can't be blank" } });
    expectSiteHeaders(response);
  });

  it.each(["text/html; charset=utf-8", "image/svg+xml", "application/javascript", null])(
    "answers as plain text whatever type the upstream names (%s): no page of the upstream's on the site's origin",
    async (type) => {
      const upstream = fakeUpstream(
        async () =>
          new Response("<script>alert(1)</script>", {
            status: 202,
            headers: type ? { "content-type": type } : {},
          }),
      );
      const response = await handleEvent(post(EVENT), settings, {
        visitorAddress: VISITOR,
        fetch: upstream.fetch,
      });
      expect(response.status).toBe(202);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expectSiteHeaders(response);
    },
  );

  it("passes a 204 on without a body", async () => {
    const upstream = fakeUpstream(async () => new Response(null, { status: 204 }));
    const response = await handleEvent(post(EVENT), settings, {
      visitorAddress: VISITOR,
      fetch: upstream.fetch,
    });
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
    expectSiteHeaders(response);
  });
});

describe("handleEvent refuses, with the site's headers and without calling the upstream", () => {
  it.each(["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH"])(
    "%s: 405, Allow: POST",
    async (method) => {
      const upstream = fakeUpstream();
      const withBody = method !== "GET" && method !== "HEAD";
      const response = await handleEvent(post(withBody ? EVENT : null, {}, method), settings, {
        visitorAddress: VISITOR,
        fetch: upstream.fetch,
      });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
      expectSiteHeaders(response);
      expect(upstream.fetch).not.toHaveBeenCalled();
    },
  );

  it.each([
    ["form data", "application/x-www-form-urlencoded"],
    ["a multipart body", "multipart/form-data; boundary=x"],
    ["HTML", "text/html"],
    ["JSON's look-alike", "application/jsonp"],
  ])("%s: 415", async (_, type) => {
    const upstream = fakeUpstream();
    const response = await handleEvent(post(EVENT, { "content-type": type }), settings, {
      visitorAddress: VISITOR,
      fetch: upstream.fetch,
    });
    expect(response.status).toBe(415);
    expectSiteHeaders(response);
    expect(upstream.fetch).not.toHaveBeenCalled();
  });

  it("no Content-Type: 415", async () => {
    const upstream = fakeUpstream();
    const request = new Request("https://bulwark.example.com/p7/api/event", {
      method: "POST",
      body: new Uint8Array([1, 2, 3]),
    });
    const response = await handleEvent(request, settings, {
      visitorAddress: VISITOR,
      fetch: upstream.fetch,
    });
    expect(response.status).toBe(415);
    expect(upstream.fetch).not.toHaveBeenCalled();
  });

  it("a body of exactly 4 KiB passes; one byte more is 413", async () => {
    const upstream = fakeUpstream();
    const call = { visitorAddress: VISITOR, fetch: upstream.fetch };
    const padded = (size: number) => EVENT + " ".repeat(size - EVENT.length);
    const fits = await handleEvent(post(padded(MAX_EVENT_BYTES)), settings, call);
    expect(fits.status).toBe(202);
    const over = await handleEvent(post(padded(MAX_EVENT_BYTES + 1)), settings, call);
    expect(over.status).toBe(413);
    expectSiteHeaders(over);
    expect(upstream.fetch).toHaveBeenCalledTimes(1);
  });

  it("a Content-Length over 4 KiB: 413 before reading a byte", async () => {
    const upstream = fakeUpstream();
    const pulled = vi.fn();
    const body = new ReadableStream<Uint8Array>({ pull: pulled });
    const response = await handleEvent(
      post(body, { "content-length": String(MAX_EVENT_BYTES + 1) }),
      settings,
      { visitorAddress: VISITOR, fetch: upstream.fetch },
    );
    expect(response.status).toBe(413);
    expect(upstream.fetch).not.toHaveBeenCalled();
  });

  it("a body that runs past 4 KiB whatever its Content-Length says: 413, read no further", async () => {
    const upstream = fakeUpstream();
    let chunksRead = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        chunksRead += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const response = await handleEvent(post(endless, { "content-length": "10" }), settings, {
      visitorAddress: VISITOR,
      fetch: upstream.fetch,
    });
    expect(response.status).toBe(413);
    expect(chunksRead).toBeLessThanOrEqual(MAX_EVENT_BYTES / 1024 + 2);
    expect(upstream.fetch).not.toHaveBeenCalled();
  });
});

/** The one event `body` posted with `headers`: its answer, and what went upstream (null: nothing). */
async function sent(body: string, headers: Record<string, string> = {}) {
  const upstream = fakeUpstream();
  const response = await handleEvent(post(body, headers), settings, {
    visitorAddress: VISITOR,
    fetch: upstream.fetch,
  });
  const [first] = upstream.sent;
  const forwarded = first ? new TextDecoder().decode(first.init.body as Uint8Array) : null;
  return { response, forwarded, calls: upstream.sent.length };
}

/** The cause the site's own code gives a failure, as "Signup Failed" carries it. */
const causeOf = (error: unknown) => failureCause(error, { online: true });
const named = (name: string, fields: Record<string, unknown>) =>
  Object.assign(new Error(name), { name }, fields);

/** The properties of a Signup as the site sends them. */
const SIGNUP_PROPS = { start: "form", retried: "no", bot_check: "off" };

const event = (fields: Record<string, unknown>) =>
  JSON.stringify({ n: "pageview", u: `${SITE}/`, d: "bulwark.example.com", ...fields });

describe("handleEvent forwards only the site's own events", () => {
  it("an event as the tracker sends it, a referrer and properties with it, passes byte for byte", async () => {
    const tracked =
      '{"n":"Signup","v":36,"u":"https://bulwark.example.com/?utm_source=hn","d":"bulwark.example.com","r":"https://news.example","p":{"start":"form","retried":"no","bot_check":"off"}}';
    const { response, forwarded } = await sent(tracked);
    expect(response.status).toBe(202);
    expect(forwarded).toBe(tracked);
  });

  it.each(["pageview", "Form Start", "Signup", "Signup Kept", "Signup Failed", "engagement"])(
    "forwards %s, a name the tracker sends",
    async (name) => {
      const { response, calls } = await sent(event({ n: name }));
      expect(response.status).toBe(202);
      expect(calls).toBe(1);
    },
  );

  it.each([
    ["another site's domain", { d: "other.example" }],
    ["the site's domain among others", { d: "bulwark.example.com,other.example" }],
    ["the domain in capitals", { d: "BULWARK.example.com" }],
    ["no domain", { d: undefined }],
    ["a name the tracker never sends", { n: "Outbound Link: Click" }],
    ["the tracker's form event, which the site never sends", { n: "Form: Submission" }],
    ["a made-up name", { n: "Signup Completed" }],
    ["a name that is no string", { n: ["pageview"] }],
    ["no name", { n: undefined }],
    ["a page of another origin", { u: "https://other.example/" }],
    ["a page of the site over http:", { u: "http://bulwark.example.com/" }],
    ["a page of another port", { u: "https://bulwark.example.com:8443/" }],
    ["a page that is no web page", { u: "mailto:ada@example.com" }],
    ["a page that is no URL", { u: "/" }],
    ["no page", { u: undefined }],
  ])("refuses %s: 400 with the site's headers, nothing forwarded", async (_, fields) => {
    const { response, calls } = await sent(event(fields));
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expectSiteHeaders(response);
    expect(calls).toBe(0);
  });

  it.each([
    ["an address as a property", { n: "Signup", p: { email: "ada@example.com" } }],
    [
      "a made-up revenue",
      { n: "Signup", p: SIGNUP_PROPS, $: { amount: "1000000", currency: "EUR" } },
    ],
    ["a revenue under its long name", { n: "Signup", revenue: { amount: 1, currency: "EUR" } }],
    ["properties under a name Plausible also reads", { n: "Signup", props: SIGNUP_PROPS }],
    ["properties as a JSON string", { n: "Signup", p: JSON.stringify(SIGNUP_PROPS) }],
    ["a key the event never carries", { n: "Signup", p: { ...SIGNUP_PROPS, plan: "pro" } }],
    ["another event's key", { n: "Signup", p: { cause: "offline" } }],
    ["a property on an event that carries none", { n: "pageview", p: { start: "form" } }],
    ["a value the key never holds", { n: "Signup", p: { ...SIGNUP_PROPS, start: "ad" } }],
    ["an address as a cause", { n: "Signup Failed", p: { cause: "ada@example.com" } }],
    ["a value that is no word", { n: "Typo Hint", p: { taken: true } }],
    ["a field the tracker never sends", { h: 1 }],
    ["an engagement's field on a page view", { sd: 40 }],
    ["a referrer on an engagement event", { n: "engagement", e: 3100, r: null }],
    ["a version that is no whole number", { v: "36; ada@example.com" }],
    ["a scroll depth that is no whole number", { n: "engagement", sd: 4.5 }],
    ["an engagement time below zero", { n: "engagement", e: -1 }],
  ])("refuses %s: 400, nothing forwarded", async (_, fields) => {
    const { response, forwarded } = await sent(event(fields));
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/^The event('s| has) .+\.\n$/);
    expect(forwarded).toBeNull();
  });

  it.each([
    ["Signup", { start: "resumed", retried: "yes", bot_check: "on" }],
    ["Signup Kept", { reason: "offline" }],
    ["Typo Hint", { taken: "no" }],
    ["Signup Failed", { cause: causeOf("The public key is required") }],
    ["Signup Failed", { cause: causeOf({ status: 429, text: "Too Many Requests" }) }],
    ["Signup Failed", { cause: causeOf(named("BotCheckUnavailableError", { reason: "closed" })) }],
  ])("forwards %s with %j, as the site sends it, byte for byte", async (name, p) => {
    const body = event({ n: name, v: 36, p, r: null });
    const { response, forwarded } = await sent(body);
    expect(response.status).toBe(202);
    expect(forwarded).toBe(body);
  });

  it.each([
    ["no JSON", "n=pageview"],
    ["a JSON list", `[${EVENT}]`],
    ["a JSON string", JSON.stringify(EVENT)],
    ["JSON null", "null"],
  ])("refuses %s as the body: 400, nothing forwarded", async (_, body) => {
    const { response, calls } = await sent(body);
    expect(response.status).toBe(400);
    expect(calls).toBe(0);
  });

  it("refuses a body that is not UTF-8: 400, nothing forwarded", async () => {
    const upstream = fakeUpstream();
    const bytes = new Uint8Array([...new TextEncoder().encode(EVENT.slice(0, -1)), 0xff, 0x7d]);
    const response = await handleEvent(post(bytes), settings, {
      visitorAddress: VISITOR,
      fetch: upstream.fetch,
    });
    expect(response.status).toBe(400);
    expect(upstream.fetch).not.toHaveBeenCalled();
  });

  it("cleans the page's URL and the referrer on the way, as the tracker cleans them", async () => {
    const { response, forwarded } = await sent(
      event({
        u: `${SITE}/ada@example.com?utm_source=hn&utm_content=YWRhQGV4YW1wbGUuY29t&email=ada%40example.com#x`,
        r: "https://mail.example/inbox/ada@example.com?q=ada%40example.com",
      }),
    );
    expect(response.status).toBe(202);
    expect(JSON.parse(forwarded ?? "")).toEqual({
      n: "pageview",
      u: `${SITE}/404?utm_source=hn`,
      d: "bulwark.example.com",
      r: "https://mail.example",
    });
  });

  it("sends a referrer that is no web page's, or no string, as none", async () => {
    for (const r of ["android-app://com.example.mail/", 42, null]) {
      const { forwarded } = await sent(event({ r }));
      expect(JSON.parse(forwarded ?? "").r, String(r)).toBeNull();
    }
  });

  it("adds no referrer to an event that had none (the engagement event's shape)", async () => {
    const engagement = event({ n: "engagement", sd: 40, e: 3100, v: 36 });
    const { forwarded } = await sent(engagement);
    expect(forwarded).toBe(engagement);
  });

  it.each([
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: same-site (a sibling host)", { "sec-fetch-site": "same-site" }],
    ["Sec-Fetch-Site: none (typed or bookmarked)", { "sec-fetch-site": "none" }],
    ["an Origin of another site", { origin: "https://other.example" }],
    ["an Origin of a sibling host", { origin: "https://www.bulwark.example.com" }],
    ["an opaque Origin (a sandboxed frame, a data: page)", { origin: "null" }],
    [
      "a same-origin fetch with another site's Origin",
      { "sec-fetch-site": "same-origin", origin: "https://other.example" },
    ],
  ])("refuses a post from another site's page (%s): 400, nothing forwarded", async (_, headers) => {
    const { response, calls } = await sent(EVENT, headers);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Events come from this site's pages.\n");
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expectSiteHeaders(response);
    expect(calls).toBe(0);
  });

  it("forwards the site's own page's post, as a browser sends it", async () => {
    const { response, calls } = await sent(EVENT, {
      "sec-fetch-site": "same-origin",
      origin: SITE,
    });
    expect(response.status).toBe(202);
    expect(calls).toBe(1);
  });
});

describe("handleEvent when the upstream fails", () => {
  it("cannot be reached: 502 with the site's headers", async () => {
    const upstream = fakeUpstream(async () => {
      throw new TypeError("fetch failed");
    });
    const response = await handleEvent(post(EVENT), settings, {
      visitorAddress: VISITOR,
      fetch: upstream.fetch,
    });
    expect(response.status).toBe(502);
    expectSiteHeaders(response);
  });

  it("never answers: 504 once the bound has passed, and the request to it is aborted", async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const upstream = fakeUpstream(() => new Promise<Response>(() => {}));
    upstream.fetch.mockImplementation((_url: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return new Promise<Response>(() => {});
    });
    const answered = handleEvent(post(EVENT), settings, {
      visitorAddress: VISITOR,
      fetch: upstream.fetch,
    });
    await vi.advanceTimersByTimeAsync(UPSTREAM_LIMIT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const response = await answered;
    expect(response.status).toBe(504);
    expectSiteHeaders(response);
    expect(signal?.aborted).toBe(true);
  });

  it("sends its headers and stalls on the body: 504 too", async () => {
    vi.useFakeTimers();
    const stalled = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) });
    const upstream = fakeUpstream(async () => new Response(stalled, { status: 202 }));
    const answered = handleEvent(post(EVENT), settings, {
      visitorAddress: VISITOR,
      fetch: upstream.fetch,
      limitMs: 2000,
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect((await answered).status).toBe(504);
  });
});
