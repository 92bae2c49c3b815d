/**
 * Vercel's Edge Middleware (`middleware.js` at the project's root, dist/), bundled by ./bundle.ts:
 * its `config.matcher` runs it for the endpoint alone, before the files, and it checks the path
 * itself too: any other request goes on to the files, as `next()` of `@vercel/functions` says
 * (`x-middleware-next: 1`). The visitor's address is `X-Real-IP`, which Vercel's edge sets to the
 * connection's client over any value the client sent (what `ipAddress()` of `@vercel/functions`
 * reads).
 */
import { type EventProxySettings, handleEvent, isEndpoint } from "./handler";

/** Vercel's word for "go on to the route as if the middleware had not run". */
const PASS_ON_HEADER = "x-middleware-next";

export function vercelMiddleware(settings: EventProxySettings) {
  return async (request: Request): Promise<Response> => {
    if (!isEndpoint(request, settings)) {
      return new Response(null, { headers: { [PASS_ON_HEADER]: "1" } });
    }
    return handleEvent(request, settings, {
      visitorAddress: request.headers.get("x-real-ip") ?? undefined,
    });
  };
}
