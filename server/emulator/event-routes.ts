/**
 * Plausible's event API on the emulator: the site's tracker posts each analytics event here, which
 * answers 202 "ok" as Plausible does and records the event beside the outbox (events.ts), for the
 * funnel on the inbox page and the tests.
 */
import type { Events } from "./events";
import { EVENT_PATH, MAX_EVENT_BYTES, type PlausibleEvent, parseEvent } from "./plausible";
import { readBody } from "./protocol";
import { answerPreflight, reply } from "./replies";
import type { Route } from "./routes";

/** One terminal line for an event: its name, the page's path and its props. */
function describeEvent(event: PlausibleEvent): string {
  const props = event.p ? ` ${JSON.stringify(event.p)}` : "";
  return `Plausible event "${event.n}" on ${new URL(event.u).pathname}${props}`;
}

export function eventRoutes({
  events,
  log,
}: {
  events: Events;
  log: (line: string) => void;
}): Route[] {
  return [
    {
      path: EVENT_PATH,
      methods: {
        POST: async ({ request, response }) => {
          const event = parseEvent(request, await readBody(request, MAX_EVENT_BYTES));
          await events.record(event);
          // Engagement events come with every page left or hidden: too many to be worth a line.
          if (event.n !== "engagement") log(describeEvent(event));
          reply(response, 202, "ok");
        },
        OPTIONS: ({ response }) => answerPreflight(response),
      },
    },
  ];
}
