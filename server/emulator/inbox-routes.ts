/**
 * The inbox in a browser (/inbox): a page a person opens from the address `npm start` prints, and
 * its Funnel view (/inbox/funnel) of the analytics events. It answers that person and its own
 * frames, never another site's page.
 */
import type { IncomingMessage } from "node:http";
import type { Events } from "./events";
import { funnel } from "./funnel";
import { funnelPage } from "./funnel-page";
import {
  emailHeaders,
  emailInScheme,
  FUNNEL_PATH,
  INBOX_PREFIX,
  INBOX_STYLESHEET_PATH,
  type InboxMessage,
  inboxPage,
  inboxStylesheet,
  type Scheme,
} from "./inbox-page";
import type { Outbox } from "./outbox";
import { HttpError } from "./protocol";
import { reply } from "./replies";
import type { RequestContext, Route } from "./routes";

/** Typed into the address bar ("none") or asked for by the inbox itself ("same-origin"). */
export function checkInboxCaller(request: IncomingMessage): void {
  const site = request.headers["sec-fetch-site"];
  const origin = request.headers.origin;
  const sameOrigin = origin === undefined || origin === `http://${request.headers.host}`;
  if (!sameOrigin || (site !== undefined && site !== "none" && site !== "same-origin")) {
    throw new HttpError(403, "The inbox answers the person reading it, not other sites' pages.");
  }
}

function schemeOf(url: URL): Scheme {
  return url.searchParams.get("scheme") === "dark" ? "dark" : "light";
}

export function inboxRoutes({ outbox, events }: { outbox: Outbox; events: Events }): Route[] {
  /** Every email in the outbox, newest first. */
  const messages = async (): Promise<InboxMessage[]> => {
    const entries = await outbox.list();
    const all = entries.flatMap((entry, index) =>
      (entry.messages ?? []).map((message) => ({ entry: index + 1, time: entry.time, message })),
    );
    return all.reverse();
  };
  const find = async ({ params }: RequestContext) => {
    const all = await messages();
    const found = all.find(
      (item) => String(item.entry) === params.entry && item.message.template === params.template,
    );
    if (!found)
      throw new HttpError(404, `No email at ${INBOX_PREFIX}/${params.entry}/${params.template}.`);
    return { all, found };
  };
  const html = { "Content-Type": "text/html; charset=utf-8" };
  return [
    {
      path: INBOX_PREFIX,
      methods: {
        GET: async ({ response, url }) => {
          const all = await messages();
          reply(response, 200, inboxPage(all, all[0], schemeOf(url)), html);
        },
      },
    },
    {
      path: INBOX_STYLESHEET_PATH,
      methods: {
        GET: ({ response }) =>
          reply(response, 200, inboxStylesheet, { "Content-Type": "text/css; charset=utf-8" }),
      },
    },
    {
      path: FUNNEL_PATH,
      methods: {
        GET: async ({ response, url }) => {
          const all = await events.list();
          const live = url.searchParams.get("live") === "on";
          reply(response, 200, funnelPage(funnel(all), all.length, live), html);
        },
      },
    },
    {
      path: `${INBOX_PREFIX}/:entry/:template`,
      methods: {
        GET: async (context) => {
          const { all, found } = await find(context);
          reply(context.response, 200, inboxPage(all, found, schemeOf(context.url)), html);
        },
      },
    },
    {
      path: `${INBOX_PREFIX}/:entry/:template/html`,
      methods: {
        GET: async (context) => {
          const { found } = await find(context);
          const body = emailInScheme(found.message.html, schemeOf(context.url));
          reply(context.response, 200, body, emailHeaders);
        },
      },
    },
  ];
}
