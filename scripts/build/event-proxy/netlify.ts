/**
 * Netlify's edge function (Deno), bundled by ./bundle.ts beside dist/ where Netlify's Frameworks
 * API reads it (`.netlify/v1/edge-functions/`), its `config.path` the endpoint alone; it checks the
 * path itself too, and returns nothing for any other, which Netlify serves as if it had not run
 * (its edge functions API). The visitor's address is `context.ip`, Netlify's own word for the
 * connection's client (its Context reference), never a header of the request.
 */
import { type EventProxySettings, handleEvent, isEndpoint } from "./handler";

/** The part of Netlify's `Context` the proxy reads. */
export type NetlifyContext = { ip?: string };

export function netlifyEdgeFunction(settings: EventProxySettings) {
  return (request: Request, context: NetlifyContext): Promise<Response> | undefined =>
    isEndpoint(request, settings)
      ? handleEvent(request, settings, { visitorAddress: context.ip })
      : undefined;
}
