/**
 * Netlify's edge function (Deno), bundled by ./bundle.ts beside dist/ where Netlify's Frameworks
 * API reads it (`.netlify/v1/edge-functions/`), its `config.path` the endpoint alone. The visitor's
 * address is `context.ip`, Netlify's own word for the connection's client (its Context reference),
 * never a header of the request.
 */
import { type EventProxySettings, handleEvent } from "./handler";

/** The part of Netlify's `Context` the proxy reads. */
export type NetlifyContext = { ip?: string };

export function netlifyEdgeFunction(settings: EventProxySettings) {
  return (request: Request, context: NetlifyContext): Promise<Response> =>
    handleEvent(request, settings, { visitorAddress: context.ip });
}
