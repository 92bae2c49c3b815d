import { describe, expect, it } from "vitest";
import { postFault, setUpEmulator, uniqueEmail, validBody } from "./test-harness";

const emulator = setUpEmulator();

describe("faults", () => {
  it("answers a queued status with its standard text and writes nothing", async () => {
    const email = uniqueEmail("status");
    await emulator.addFault({ count: 1, status: 503, match: { email } });
    const failed = await emulator.sendJson(validBody({ template_params: { email } }));
    expect(failed.status).toBe(503);
    expect(await failed.text()).toBe("Service Unavailable");
    expect(failed.headers.get("access-control-allow-origin")).toBe("*");
    expect(await emulator.outboxFor(email)).toEqual([]);
    expect(emulator.logLines.at(-1)).toBe(`Fault applied to "${email}" via send: status 503`);
  });

  it("answers a queued status with a custom body", async () => {
    const email = uniqueEmail("body");
    await emulator.addFault({ count: 1, status: 429, body: "Slow down", match: { email } });
    const failed = await emulator.sendJson(validBody({ template_params: { email } }));
    expect(failed.status).toBe(429);
    expect(await failed.text()).toBe("Slow down");
  });

  it("counts a fault down and then sends normally", async () => {
    const email = uniqueEmail("count");
    await emulator.addFault({ count: 2, status: 500, match: { email } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await emulator.sendJson(validBody({ template_params: { email, i } }))).status);
    }
    expect(statuses).toEqual([500, 500, 200]);
    expect((await emulator.outboxFor(email)).map((entry) => entry.template_params)).toEqual([
      { email, i: 2 },
    ]);
  });

  it("applies a matched fault only to its email", async () => {
    const target = uniqueEmail("target");
    const bystander = uniqueEmail("bystander");
    const send = async (email: string) =>
      (await emulator.sendJson(validBody({ template_params: { email } }))).status;
    await emulator.addFault({ count: 1, status: 502, match: { email: target } });
    expect(await send(bystander)).toBe(200);
    expect(await send(target)).toBe(502);
    expect(await send(target)).toBe(200);
  });

  it("applies an unmatched fault to any send, the form endpoint included", async () => {
    await emulator.addFault({ count: 1, status: 500 });
    const form = new FormData();
    form.append("email", uniqueEmail("any"));
    const response = await fetch(`${emulator.url}/api/v1.0/email/send-form`, {
      method: "POST",
      body: form,
    });
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("Internal Server Error");
    expect((await emulator.sendJson(validBody())).status).toBe(200);
  });

  it("delays, then sends normally, and counts the delay down", async () => {
    const email = uniqueEmail("delay");
    await emulator.addFault({ count: 1, delayMs: 400, match: { email } });
    const started = Date.now();
    const response = await emulator.sendJson(validBody({ template_params: { email } }));
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(await emulator.outboxFor(email)).toHaveLength(1);

    expect((await emulator.sendJson(validBody({ template_params: { email } }))).status).toBe(200);
    // The second send took no fault: the one delay was counted down by the first.
    expect(
      emulator.logLines.filter((line) => line.startsWith(`Fault applied to "${email}"`)),
    ).toHaveLength(1);
  });

  it("delays a status fault before answering it", async () => {
    const email = uniqueEmail("slow-status");
    await emulator.addFault({ count: 1, delayMs: 300, status: 504, match: { email } });
    const started = Date.now();
    const response = await emulator.sendJson(validBody({ template_params: { email } }));
    expect(response.status).toBe(504);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(emulator.logLines).toContain(
      `Fault applied to "${email}" via send: delay 300 ms, then status 504`,
    );
  });

  it("drops the connection, so fetch rejects", async () => {
    const email = uniqueEmail("drop");
    await emulator.addFault({ count: 1, drop: true, match: { email } });
    await expect(emulator.sendJson(validBody({ template_params: { email } }))).rejects.toThrow(
      "fetch failed",
    );
    expect(await emulator.outboxFor(email)).toEqual([]);
    expect((await emulator.sendJson(validBody({ template_params: { email } }))).status).toBe(200);
  });

  it("hangs until the client gives up", async () => {
    const email = uniqueEmail("hang");
    await emulator.addFault({ count: 1, hang: true, match: { email } });
    const started = Date.now();
    const error = await emulator
      .sendJson(validBody({ template_params: { email } }), { signal: AbortSignal.timeout(300) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe("TimeoutError");
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(await emulator.outboxFor(email)).toEqual([]);
  });

  it("lists what is still queued on GET, counting down as sends use it", async () => {
    const email = uniqueEmail("listed");
    await emulator.addFault({ count: 2, status: 500, match: { email } });
    const list = async () =>
      (await (await fetch(`${emulator.url}/__emulator/faults`)).json()) as { pending: unknown[] };
    expect((await list()).pending).toEqual([
      { count: 2, status: 500, match: { email }, remaining: 2 },
    ]);
    await emulator.sendJson(validBody({ template_params: { email } }));
    expect((await list()).pending).toEqual([
      { count: 2, status: 500, match: { email }, remaining: 1 },
    ]);
    await emulator.sendJson(validBody({ template_params: { email } }));
    expect((await list()).pending).toEqual([]);
  });

  it("clears every queued fault on DELETE", async () => {
    const email = uniqueEmail("cleared");
    await emulator.addFault({ count: 5, status: 500, match: { email } });
    const cleared = await fetch(`${emulator.url}/__emulator/faults`, { method: "DELETE" });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toEqual({ pending: [] });
    expect((await emulator.sendJson(validBody({ template_params: { email } }))).status).toBe(200);
  });

  it("answers a queued fault with what is pending", async () => {
    const email = uniqueEmail("pending");
    const response = await postFault(emulator.url, { count: 2, status: 500, match: { email } });
    expect(await response.json()).toEqual({
      pending: [{ count: 2, status: 500, match: { email }, remaining: 2 }],
    });
  });

  it.each([
    [{ status: 500 }, "Invalid fault: count must be a whole number of requests, 1 or more."],
    [{ count: 1 }, "Invalid fault: give at least one of status, delayMs, drop or hang."],
    [{ count: 1, drop: true, hang: true }, "Invalid fault: choose one of status, drop and hang."],
    [{ count: 1, status: 42 }, "Invalid fault: status must be an HTTP status from 200 to 599."],
    [
      { count: 1, status: 500, delay: 5 },
      "Invalid fault: unknown field delay; use count, status, body, delayMs, drop, hang, match.",
    ],
  ])("refuses the fault %j", async (fault, message) => {
    const response = await postFault(emulator.url, fault);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(message);
  });
});
