/**
 * Vercel's Edge Middleware (`middleware.js` at the project's root, dist/), bundled by ./bundle.ts:
 * its `config.matcher` runs it for the endpoint alone, before the files. The visitor's address is
 * `X-Real-IP`, which Vercel's edge sets to the connection's client over any value the client sent
 * (what `ipAddress()` of `@vercel/functions` reads).
 */
import { type EventProxySettings, handleEvent } from "./handler";

export function vercelMiddleware(settings: EventProxySettings) {
  return (request: Request): Promise<Response> =>
    handleEvent(request, settings, {
      visitorAddress: request.headers.get("x-real-ip") ?? undefined,
    });
}
