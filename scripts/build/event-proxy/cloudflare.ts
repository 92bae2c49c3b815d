/**
 * Cloudflare Pages' `_worker.js` (advanced mode), bundled by ./bundle.ts: `_routes.json` runs it for
 * the endpoint alone, and it checks the path itself too: a request for any other path goes to the
 * files. The visitor's address is `CF-Connecting-IP`, which Cloudflare's edge sets on every request
 * it passes to Pages, over any value the client sent.
 */
import { type EventProxySettings, handleEvent, isEndpoint } from "./handler";

type Env = { ASSETS: { fetch(request: Request): Promise<Response> } };

export function cloudflareWorker(settings: EventProxySettings) {
  return {
    fetch(request: Request, env: Env): Promise<Response> {
      if (!isEndpoint(request, settings)) return env.ASSETS.fetch(request);
      const visitorAddress = request.headers.get("cf-connecting-ip") ?? undefined;
      return handleEvent(request, settings, { visitorAddress });
    },
  };
}
