/**
 * A typed client of the emulator's test controls (/__emulator/*), for test code in Node: queue a
 * fault, switch EmailJS's limits or an outage on and off, read the outbox and the analytics events.
 */
import type { RecordedEvent } from "./events";
import type { Fault } from "./faults";
import type { Limits, LimitsState } from "./limits";
import type { OutboxEntry } from "./outbox";
import type { Challenge } from "./recaptcha-challenges";
import type { ChecksState, ChecksUpdate } from "./server-checks";

export type {
  Challenge,
  ChecksState,
  ChecksUpdate,
  Fault,
  Limits,
  LimitsState,
  OutboxEntry,
  RecordedEvent,
};

export type EmulatorControls = ReturnType<typeof emulatorControls>;

/** The controls of the emulator at `baseUrl` (for example http://127.0.0.1:4180). */
export function emulatorControls(baseUrl: string) {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/__emulator/${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
    });
    if (!response.ok) {
      throw new Error(
        `emulator ${method} /__emulator/${path}: HTTP ${response.status} ${await response.text()}`,
      );
    }
    return (await response.json()) as T;
  };
  return {
    /** Makes the next matching sends fail (see the fault switch). */
    fault: (fault: Fault) => call<unknown>("POST", "faults", fault).then(() => {}),
    clearFaults: () => call<unknown>("DELETE", "faults").then(() => {}),
    /** The faults still queued, each with how many sends it has left to fail. */
    pendingFaults: () =>
      call<{ pending: (Fault & { remaining: number })[] }>("GET", "faults").then(
        ({ pending }) => pending,
      ),
    /** Replaces EmailJS's limits (account-wide); a quota counts from now. */
    limits: (limits: Limits) => call<LimitsState>("POST", "limits", limits),
    /** Switches the rate and the quota off. */
    clearLimits: () => call<LimitsState>("DELETE", "limits"),
    /** Every send answers 503 for `ms` from now. */
    outage: (ms: number) => call<LimitsState>("POST", "outage", { ms }),
    endOutage: () => call<LimitsState>("DELETE", "outage"),
    /** The limits and the outage as they stand. */
    state: () => call<LimitsState>("GET", "limits"),
    /** Switches EmailJS's server checks, account-wide or (with `match`) for one address. */
    checks: (update: ChecksUpdate) => call<ChecksState>("POST", "checks", update),
    /** Switches the checks off: one address's, or (without it) all of them. */
    clearChecks: (email?: string) =>
      call<ChecksState>(
        "DELETE",
        email === undefined ? "checks" : `checks?email=${encodeURIComponent(email)}`,
      ),
    /**
     * The stand-in reCAPTCHA's next matching executes show a challenge first, or end as `ends`
     * says: expired, Google's error, or Google silent (recaptcha-challenges.ts).
     */
    challenge: (challenge: Challenge) =>
      call<unknown>("POST", "recaptcha-challenges", challenge).then(() => {}),
    /** A fresh token from the stand-in reCAPTCHA verifier, as Google's widget hands a page. */
    recaptchaToken: () =>
      call<{ token: string }>("POST", "recaptcha-token").then(({ token }) => token),
    /** The emails accepted for one address, or all of them. */
    outbox: (email?: string) =>
      call<OutboxEntry[]>(
        "GET",
        email === undefined ? "outbox" : `outbox?email=${encodeURIComponent(email)}`,
      ),
    /** The analytics events the site sent (Plausible's event API), oldest first; or those named `name`. */
    events: (name?: string) =>
      call<RecordedEvent[]>(
        "GET",
        name === undefined ? "events" : `events?name=${encodeURIComponent(name)}`,
      ),
    /** Forgets every analytics event (the events file is removed). */
    clearEvents: () => call<unknown>("DELETE", "events").then(() => {}),
  };
}
