import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPreviewServer } from "./preview-server";

let dir = "";
let preview: Awaited<ReturnType<typeof startPreviewServer>> | undefined;
const url = () => preview?.url ?? "";

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "preview-"));
  await writeFile(
    join(dir, "index.html"),
    `<!doctype html><title>Home</title>${"<p>hi</p>".repeat(50)}`,
  );
  preview = await startPreviewServer({
    distDir: dir,
    settings: { emailOrigin: "http://127.0.0.1:1", inlineScriptHashes: [], inlineStyleHashes: [] },
    port: 0,
  });
});
afterAll(async () => {
  await preview?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("compression", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0, gzip;q=0", null],
    ["gzip;q=0", null],
  ])("answers Accept-Encoding %j with %s", async (acceptEncoding, expected) => {
    // Node's fetch would decode the body for us; the raw header is what a browser is told.
    const response = await fetch(`${url()}/`, { headers: { "Accept-Encoding": acceptEncoding } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe(expected);
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(await response.text()).toContain("<title>Home</title>");
  });
});

/** What a client sees when it sends `headerBytes` of headers and keeps sending after the answer. */
function sendOversizedHeaders(headerBytes: number) {
  return new Promise<{ answer: string; error?: string }>((done) => {
    const socket = connect(Number(new URL(url()).port), "127.0.0.1");
    let answer = "";
    let error: string | undefined;
    socket.on("data", (chunk) => {
      const first = answer === "";
      answer += chunk;
      // A slow client is still sending its headers when the answer comes: it sends the rest.
      if (first) {
        socket.write(`X-More: ${"b".repeat(8 * 1024)}\r\n`);
        setTimeout(() => socket.end("\r\n"), 50);
      }
    });
    socket.on("error", (caught: NodeJS.ErrnoException) => {
      error = caught.code ?? caught.message;
    });
    socket.on("close", () => done({ answer, error }));
    socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(headerBytes)}\r\n`);
  });
}

describe("oversized headers", () => {
  it("answers 64 KB of headers with 431 and closes cleanly, not with a reset", async () => {
    const { answer, error } = await sendOversizedHeaders(64 * 1024);
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(answer).toContain("Connection: close");
    expect(answer.endsWith("\r\n\r\nRequest Header Fields Too Large")).toBe(true);
    expect(error).toBeUndefined();
  });

  it("still serves the next request", async () => {
    expect((await fetch(`${url()}/`)).status).toBe(200);
  });
});
