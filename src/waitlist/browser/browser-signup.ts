/**
 * The waitlist signup as the browser runs it: the rules of waitlist-signup.ts wired to EmailJS, site
 * storage (or the tab's memory where storage is blocked), WebCrypto's keyed hash, the tab lock, the
 * real clock, Math.random and the browser's online state. Created on first use, never during prerendering.
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
import { botCheckToken } from "./bot-check";
import { safeStore, sweepRetiredKeys } from "./browser-storage";
import { sendWaitlistEmail } from "./email-client";
import { keyedHash } from "./keyed-hash";
import { type PageSignup, withTracking } from "./signup-signals";

/** A lease a tab stops renewing (it closed) frees the lock for the others after this long. */
const LEASE_MS = 5000;

let memory: SignupMemory | undefined;
let signup: PageSignup | undefined;

/** Web Locks, where the browser has them (not every one has; nor Node, in the unit tests). */
const webLockManager = (): LockManager | undefined => globalThis.navigator?.locks;

/**
 * The page's signup memory, made on first use: what earlier deploys left goes then, and what is past
 * its keeping too, unless a tab is sending or waiting to send (its clock may disagree with this
 * page's: signup-memory.ts).
 */
export function browserSignupMemory(): SignupMemory {
  if (memory) return memory;
  sweepRetiredKeys(globalThis);
  const site = safeStore(globalThis, "localStorage");
  const made = createSignupMemory({
    site,
    tab: safeStore(globalThis, "sessionStorage"),
    clock: systemClock,
    hash: keyedHash(crypto),
  });
  void unlessSending(webLockManager(), site, made.expire);
  memory = made;
  return memory;
}

/**
 * Calls `onSent` once `email` is recorded as sent, already or later by another page; returns its
 * stop. A page can take an address's lock before the word of the send that freed it arrives (where
 * the pages share memory by messages, or the browser syncs storage between processes), so an answer
 * read there can be overtaken.
 */
export function onceSent(email: string, onSent: () => void): () => void {
  const memory = browserSignupMemory();
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
 * Aborted as the page is left (also into the back-forward cache): a delivery stops there and lets go
 * of its tab lock, so the next page is not kept waiting by a page that will not answer; what it was
 * doing stays recorded for the next visit. A page restored from the cache gets a fresh one.
 */
let leaving: AbortController | undefined;

function watchPageLifetime(): void {
  leaving = new AbortController();
  window.addEventListener("pagehide", () => leaving?.abort());
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) leaving = new AbortController();
  });
}

/** The delivery's own signal, if any, or the page being left. */
function untilLeft(options: DeliveryOptions): DeliveryOptions {
  if (!leaving) watchPageLifetime();
  const left = (leaving as AbortController).signal;
  return { ...options, signal: options.signal ? AbortSignal.any([options.signal, left]) : left };
}

export function browserSignup(): PageSignup {
  const lease = () =>
    storageLease(
      safeStore(globalThis, "localStorage"),
      systemClock,
      LEASE_MS,
      Math.random().toString(36).slice(2),
    );
  signup ??= pageSignup(
    createWaitlistSignup({
      ticket: __BOT_CHECK_ON__ ? botCheckToken : undefined,
      send: sendWaitlistEmail,
      memory: browserSignupMemory(),
      lock: "locks" in navigator ? webLocks(navigator.locks, lease()) : lease(),
      sending: sendingMark(webLockManager()),
      clock: systemClock,
      random: Math.random,
      network: browserNetwork,
      timeoutMs: emailConfig.timeoutMs,
      budgetMs: emailConfig.retryBudgetMs,
    }),
  );
  return signup;
}

/**
 * The core as the page runs it: each delivery stopped as the page is left and, only in a build with
 * the field signals, heard by the funnel (how each delivery went).
 */
function pageSignup(core: WaitlistSignup): PageSignup {
  const bounded: WaitlistSignup = {
    ...core,
    submit: (email, options = {}) => core.submit(email, untilLeft(options)),
    sendPending: (email, options = {}) => core.sendPending(email, untilLeft(options)),
    resend: (email, options = {}) => core.resend(email, untilLeft(options)),
  };
  return __ANALYTICS_ON__ ? withTracking(bounded, fieldSignals) : bounded;
}
