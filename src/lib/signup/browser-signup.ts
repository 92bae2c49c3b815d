/**
 * The waitlist signup as the browser runs it: the rules of waitlist-signup.ts wired to EmailJS, site
 * storage (or the tab's memory where storage is blocked), the tab lock and the real clock. Created on
 * first use, never during prerendering.
 */
import { safeStore } from "../browser-storage";
import { emailConfig } from "../config";
import { sendWaitlistEmail } from "../email-client";
import { systemClock } from "./clock";
import { createSignupMemory, type SignupMemory } from "./signup-memory";
import { storageLease, webLocks } from "./tab-lock";
import { createWaitlistSignup, type WaitlistSignup } from "./waitlist-signup";

/** A lease outlives the send it guards by this much, then another tab may take over. */
const LEASE_MARGIN_MS = 1000;

let memory: SignupMemory | undefined;
let signup: WaitlistSignup | undefined;

export function browserSignupMemory(): SignupMemory {
  memory ??= createSignupMemory({
    site: safeStore(globalThis, "localStorage"),
    tab: safeStore(globalThis, "sessionStorage"),
  });
  return memory;
}

export function browserSignup(): WaitlistSignup {
  const lease = () =>
    storageLease(
      safeStore(globalThis, "localStorage"),
      systemClock,
      emailConfig.timeoutMs + LEASE_MARGIN_MS,
      Math.random().toString(36).slice(2),
    );
  signup ??= createWaitlistSignup({
    send: sendWaitlistEmail,
    memory: browserSignupMemory(),
    lock: "locks" in navigator ? webLocks(navigator.locks, lease()) : lease(),
    clock: systemClock,
    timeoutMs: emailConfig.timeoutMs,
  });
  return signup;
}
