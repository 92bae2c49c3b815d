/** The bytes of a page's first response as they cross the wire, counted without decompressing. */
import { request as httpRequest } from "node:http";

/** TCP's first window: 10 segments of 1,460 B (docs/behaviour.md, "Quality bars": Weight). */
export const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

export type WireResponse = {
  status: number;
  encoding: string | undefined;
  headerBytes: number;
  bodyBytes: number;
};

/** GETs `url` with `acceptEncoding`, counting the status line, headers and body as sent. */
export function wireSize(url: string, acceptEncoding: string): Promise<WireResponse> {
  return new Promise((done, fail) => {
    const request = httpRequest(url, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
      let bodyBytes = 0;
      res.on("data", (chunk: Buffer) => {
        bodyBytes += chunk.length;
      });
      res.on("end", () => {
        const statusLine = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length;
        let headerBytes = statusLine + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          headerBytes += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
        }
        const encoding = res.headers["content-encoding"];
        done({ status: res.statusCode ?? 0, encoding, headerBytes, bodyBytes });
      });
    });
    request.on("error", fail);
    request.end();
  });
}
