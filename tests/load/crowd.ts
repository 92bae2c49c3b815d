/**
 * Simulated visitors, as many as a launch brings: each one is the site's own delivery core
 * (src/waitlist/core) with the real `@emailjs/browser` SDK sending over HTTP, one browser's worth of
 * storage and rate-limit stamp each, the production time limit and the plan's retry budget
 * (production's but in `--quick`). Node instead of a browser per visitor: a crowd of 240 real pages
 * would measure this machine, not the site.
 */
import * as emailjs from "@emailjs/browser";
import { createFieldSignals, type TrackedEvent } from "../../src/analytics/field-signals";
import { readEmailConfig } from "../../src/lib/config";
import {
  buildTemplateParams,
  LIMIT_RATE,
  memoryProvider,
} from "../../src/waitlist/browser/email-client";
import { signalsPart } from "../../src/waitlist/browser/signup-signals";
import { systemClock } from "../../src/waitlist/core/clock";
import { createDelivery } from "../../src/waitlist/core/delivery";
import type { DeliveryDeps, Records } from "../../src/waitlist/core/delivery-deps";
import { STACK_EMAIL_IDS } from "../e2e/support/stack-settings";

/** The ids of .env.emulator, which the emulator accepts by default: the test stacks' own. */
export const CROWD_IDS = STACK_EMAIL_IDS;

export type VisitorResult = {
  email: string;
  /** "sent": the visitor reached the thank-you step; "told": the Submission failed toast. */
  outcome: "sent" | "told" | "pending";
  /** Seconds from the submit to the outcome. */
  seconds: number;
};

/** One visitor per browser: nobody shares a tab lock, so it lets each delivery straight in. */
const ownBrowserOnly: DeliveryDeps["lock"] = (_email, _signal, task) => task();

/** One browser's records, in memory. */
function browserRecords(): Records {
  const records = new Map<string, Awaited<ReturnType<Records["read"]>>>();
  return {
    read: async (email) => records.get(email.toLowerCase()) ?? null,
    write: async (email, record) => void records.set(email.toLowerCase(), record),
  };
}

/** Points the SDK at the emulator. The SDK reads `location.pathname` in send (Node has none). */
export function initSdk(origin: string): void {
  Object.assign(globalThis, { location: { pathname: "/" } });
  emailjs.init({ publicKey: CROWD_IDS.publicKey }, origin);
}

/** Visitors so far: each one's page view has a URL of its own. */
let visitors = 0;

/** The field signals' requests still on their way to the emulator. */
const posting = new Set<Promise<unknown>>();

/**
 * The crowd's field signals, as a build with VITE_PLAUSIBLE_DOMAIN sends them: the site's own code
 * (src/analytics/field-signals.ts, src/waitlist/browser/signup-signals.ts), one object for the
 * whole crowd, started by startCrowdSignals.
 */
const crowdSignals = createFieldSignals();

/**
 * Starts the crowd's field signals with a sender that posts each event to the emulator's stand-in
 * of Plausible's event API, in the tracker's shape.
 */
export function startCrowdSignals(emulatorUrl: string, siteUrl: string): void {
  Object.assign(globalThis, {
    location: { pathname: "/", origin: new URL(siteUrl).origin, href: `${siteUrl}/` },
  });
  if (!("navigator" in globalThis)) Object.assign(globalThis, { navigator: { onLine: true } });
  crowdSignals.start(async () => (event: TrackedEvent) => {
    const post = fetch(`${emulatorUrl}/api/event`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({
        n: event.name,
        u: event.url,
        d: "bulwark.load",
        r: null,
        ...("props" in event ? { p: event.props } : {}),
      }),
    }).catch(() => {});
    posting.add(post);
    void post.finally(() => posting.delete(post));
  });
}

/** Resolves once every field signal sent so far has reached the emulator. */
export async function signalsPosted(): Promise<void> {
  while (posting.size > 0) await Promise.all(posting);
}

/** One visitor's signup of `email`, as production runs it, from submit to outcome. */
export async function visit(email: string, budgetMs: number): Promise<VisitorResult> {
  const { timeoutMs } = readEmailConfig({});
  // The page's own signals: its view (each visitor a page of its own, where one process's page
  // views of one address would count once), then the visitor's first touch of the field.
  visitors += 1;
  Object.assign(globalThis, {
    location: { ...location, href: `${location.origin}/?visitor=${visitors}` },
  });
  crowdSignals.track({ name: "pageview" });
  Object.assign(globalThis, { location: { ...location, href: `${location.origin}/` } });
  crowdSignals.track({ name: "Form Start" });
  // The SDK's limitRate and its storage as production builds set them, one browser each.
  const rateStamp = memoryProvider();
  const deliver = createDelivery({
    send: async (to) => {
      await emailjs.send(CROWD_IDS.serviceId, CROWD_IDS.templateId, buildTemplateParams(to), {
        limitRate: LIMIT_RATE,
        storageProvider: rateStamp,
      });
    },
    records: browserRecords(),
    lock: ownBrowserOnly,
    clock: systemClock,
    random: Math.random,
    network: { isOnline: () => true, whenOnline: async () => {} },
    timeoutMs,
    budgetMs,
    leaving: () => new AbortController().signal,
    observe: signalsPart(crowdSignals).observe,
  });
  const started = Date.now();
  const seconds = () => (Date.now() - started) / 1000;
  const { outcome } = await deliver(email, "form");
  if (outcome === "failed") return { email, outcome: "told", seconds: seconds() };
  return { email, outcome: outcome === "sent" ? "sent" : "pending", seconds: seconds() };
}
