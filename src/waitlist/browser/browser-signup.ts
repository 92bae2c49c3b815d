/**
 * The waitlist signup as the browser runs it: the rules of waitlist-signup.ts wired to EmailJS, site
 * storage (or the tab's memory where storage is blocked), WebCrypto's keyed hash, the tab lock, the
 * real clock, Math.random and the browser's online state; the page's lifetime stops its deliveries.
 */
import { fieldSignals } from "@/analytics/field-signals";
import { emailConfig } from "@/lib/config";
import { systemClock } from "@/waitlist/core/clock";
import { createSignupMemory, type SignupMemory } from "@/waitlist/core/signup-memory";
import { sendingMark, storageLease, unlessSending, webLocks } from "@/waitlist/core/tab-lock";
import {
  createWaitlistSignup,
  type DeliveryOptions,
  type Network,
  type WaitlistSignup,
} from "@/waitlist/core/waitlist-signup";
import { type BotCheck, createBotCheck } from "./bot-check";
import { safeStore, sweepRetiredKeys } from "./browser-storage";
import { createEmailClient, type EmailClient } from "./email-client";
import { keyedHash } from "./keyed-hash";
import { type PageSignup, withTracking } from "./signup-signals";

/** A lease a tab stops renewing (it closed) frees the lock for the others after this long. */
const LEASE_MS = 5000;

/** Web Locks, where the browser has them (not every one has; nor Node, in the unit tests). */
const webLockManager = (): LockManager | undefined => globalThis.navigator?.locks;

/**
 * The page's signup memory: what earlier deploys left goes as it is made, and what is past its
 * keeping too, unless a tab is sending or waiting to send (its clock may disagree with this page's:
 * signup-memory.ts).
 */
function pageMemory(): SignupMemory {
  sweepRetiredKeys(globalThis);
  const site = safeStore(globalThis, "localStorage");
  const memory = createSignupMemory({
    site,
    tab: safeStore(globalThis, "sessionStorage"),
    clock: systemClock,
    hash: keyedHash(crypto),
  });
  void unlessSending(webLockManager(), site, memory.expire);
  return memory;
}

/**
 * Calls `onSent` once `email` is recorded as sent in `memory`, already or later by another page;
 * returns its stop. A page can take an address's lock before the word of the send that freed it
 * arrives (where the pages share memory by messages, or the browser syncs storage between
 * processes), so an answer read there can be overtaken.
 */
function onceSent(memory: SignupMemory, email: string, onSent: () => void): () => void {
  let stopped = false;
  const check = async () => {
    if (stopped || !(await memory.wasSent(email)) || stopped) return;
    stop();
    onSent();
  };
  const stopListening = safeStore(globalThis, "localStorage").onOutsideChange(() => void check());
  const stop = () => {
    stopped = true;
    stopListening();
  };
  void check();
  return stop;
}

const browserNetwork: Network = {
  isOnline: () => navigator.onLine,
  whenOnline: (signal) =>
    new Promise((resolve, reject) => {
      if (navigator.onLine) return resolve();
      const stop = () => {
        window.removeEventListener("online", done);
        reject(signal.reason);
      };
      const done = () => {
        signal.removeEventListener("abort", stop);
        resolve();
      };
      window.addEventListener("online", done, { once: true });
      signal.addEventListener("abort", stop, { once: true });
    }),
};

/**
 * The page's lifetime as a delivery sees it: `untilLeft` gives a delivery's options a signal aborted
 * as the page is left (also into the back-forward cache), so a delivery stops there and lets go of
 * its tab lock, and the next page is not kept waiting by a page that will not answer; what it was
 * doing stays recorded for the next visit. A page restored from the cache gets a fresh one. The
 * page is watched from the first delivery on.
 */
function pageLifetime() {
  let leaving: AbortController | undefined;
  function watch(): AbortController {
    window.addEventListener("pagehide", () => leaving?.abort());
    window.addEventListener("pageshow", (event) => {
      if (event.persisted) leaving = new AbortController();
    });
    return new AbortController();
  }
  return {
    /** The delivery's own signal, if any, or the page being left. */
    untilLeft(options: DeliveryOptions): DeliveryOptions {
      leaving ??= watch();
      const left = leaving.signal;
      return {
        ...options,
        signal: options.signal ? AbortSignal.any([options.signal, left]) : left,
      };
    },
  };
}

/** The delivery rules wired to this browser: EmailJS, the bot check's ticket, the tab lock, the clock. */
function coreSignup(memory: SignupMemory, email: EmailClient, botCheck: BotCheck): WaitlistSignup {
  const lease = () =>
    storageLease(
      safeStore(globalThis, "localStorage"),
      systemClock,
      LEASE_MS,
      Math.random().toString(36).slice(2),
    );
  return createWaitlistSignup({
    ticket: __BOT_CHECK_ON__ ? botCheck.token : undefined,
    send: email.send,
    memory,
    lock: "locks" in navigator ? webLocks(navigator.locks, lease()) : lease(),
    sending: sendingMark(webLockManager()),
    clock: systemClock,
    random: Math.random,
    network: browserNetwork,
    timeoutMs: emailConfig.timeoutMs,
    budgetMs: emailConfig.retryBudgetMs,
  });
}

/**
 * The core as the page runs it: each delivery stopped as the page is left and, only in a build with
 * the field signals, heard by the funnel (how each delivery went).
 */
function pageSignup(
  core: WaitlistSignup,
  { untilLeft }: ReturnType<typeof pageLifetime>,
): PageSignup {
  const bounded: WaitlistSignup = {
    ...core,
    submit: (email, options = {}) => core.submit(email, untilLeft(options)),
    sendPending: (email, options = {}) => core.sendPending(email, untilLeft(options)),
    resend: (email, options = {}) => core.resend(email, untilLeft(options)),
  };
  return __ANALYTICS_ON__ ? withTracking(bounded, fieldSignals) : bounded;
}

/**
 * The waitlist as this page's browser runs it, made once at start-up (src/entry-client.tsx) and
 * handed to both roots: the signup and its memory, each made on first use (never during the
 * prerender), and the bot check.
 */
export function createBrowserWaitlist() {
  let memory: SignupMemory | undefined;
  let signup: PageSignup | undefined;
  const email = createEmailClient();
  // Only in a build with the check: every use sits behind `__BOT_CHECK_ON__` (bot-check.ts).
  const botCheck = (__BOT_CHECK_ON__ ? createBotCheck() : undefined) as BotCheck;
  const lifetime = pageLifetime();
  const waitlist = {
    /** The page's signup memory (`pageMemory`), made on first use. */
    memory: (): SignupMemory => {
      memory ??= pageMemory();
      return memory;
    },
    /** The page's signup (`pageSignup`), made on first use. */
    signup: (): PageSignup => {
      signup ??= pageSignup(coreSignup(waitlist.memory(), email, botCheck), lifetime);
      return signup;
    },
    /** Calls `onSent` once `email` is recorded as sent (`onceSent`); returns its stop. */
    onceSent: (address: string, onSent: () => void): (() => void) =>
      onceSent(waitlist.memory(), address, onSent),
    botCheck,
  };
  return waitlist;
}

export type BrowserWaitlist = ReturnType<typeof createBrowserWaitlist>;
