/**
 * Which of the stand-in reCAPTCHA's executes ask the visitor a question first, as Google does for a
 * visitor it doubts: tests queue challenges for the next N executes, optionally only for one address
 * (the stand-in reads the page's email field, as Google's risk analysis reads the page). A challenge
 * is answered in its frame ("Solve" or "Close"), solves itself after `afterMs`, or ends as Google's
 * do on a bad day: the challenge expires ("expired", after `afterMs`), Google reports an error
 * ("error", no challenge shown), or Google goes silent ("silent": no challenge shown and nothing
 * called, as when its request hangs or an extension blocks its frame; with `afterMs`, it answers
 * with a token that long after all the same).
 */
import { HttpError, isPlainObject, kindOf } from "./protocol";

export type Challenge = {
  count: number;
  ends?: "expired" | "error" | "silent";
  /**
   * Solved (or, with `ends: "expired"`, expired) by itself this long after it is shown; with
   * `ends: "silent"`, the token comes this long after the execute (none without it).
   */
  afterMs?: number;
  match?: { email: string };
};

/** What one execute gets: a challenge to show, or nothing (a token at once). */
export type ChallengePlan = Pick<Challenge, "ends" | "afterMs">;

type QueuedChallenge = Challenge & { remaining: number };

const FIELDS = ["count", "ends", "afterMs", "match"];
/** The most challenges queued at once: a test queues a few, and nobody fills the memory. */
const MAX_QUEUED = 100;

/** Checks a challenge posted to the switch; anything off is a 400 that says what to send instead. */
export function parseChallenge(value: unknown): Challenge {
  const fail = (message: string): never => {
    throw new HttpError(400, `Invalid challenge: ${message}`);
  };
  if (!isPlainObject(value)) return fail(`expected a JSON object, got ${kindOf(value)}.`);
  const unknown = Object.keys(value).filter((key) => !FIELDS.includes(key));
  if (unknown.length > 0) fail(`unknown field ${unknown.join(", ")}; use ${FIELDS.join(", ")}.`);
  const { count, ends, afterMs, match } = value;
  if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > MAX_QUEUED) {
    fail(`count must be a whole number of executes, 1 to ${MAX_QUEUED}.`);
  }
  if (ends !== undefined && ends !== "expired" && ends !== "error" && ends !== "silent") {
    fail(
      'ends must be "expired", "error" or "silent" (leave it out for a challenge the visitor answers).',
    );
  }
  if (afterMs !== undefined) {
    if (typeof afterMs !== "number" || !Number.isFinite(afterMs) || afterMs < 0) {
      fail("afterMs must be a number of milliseconds, 0 or more.");
    }
  }
  if (match !== undefined && !(isPlainObject(match) && typeof match.email === "string")) {
    fail('match must look like {"email": "someone@example.com"}.');
  }
  return value as Challenge;
}

export function createChallengeSwitch() {
  const queued: QueuedChallenge[] = [];
  return {
    add(challenge: Challenge): void {
      if (queued.length >= MAX_QUEUED) queued.shift();
      queued.push({ ...challenge, remaining: challenge.count });
    },
    /** The plan for one execute on a page whose email field says `email`, counted down by one. */
    take(email: string): ChallengePlan | undefined {
      const wanted = email.trim().toLowerCase();
      const index = queued.findIndex(
        (challenge) =>
          challenge.match === undefined || challenge.match.email.toLowerCase() === wanted,
      );
      const challenge = queued[index];
      if (!challenge) return undefined;
      challenge.remaining -= 1;
      if (challenge.remaining === 0) queued.splice(index, 1);
      return { ends: challenge.ends, afterMs: challenge.afterMs };
    },
    clear(): void {
      queued.length = 0;
    },
    pending: (): readonly QueuedChallenge[] => queued,
  };
}

export type ChallengeSwitch = ReturnType<typeof createChallengeSwitch>;
