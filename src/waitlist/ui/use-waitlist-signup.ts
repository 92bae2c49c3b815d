/**
 * Adapts the waitlist signup (src/waitlist/core) to the form: validation, the Joining... state, the
 * toasts and the move to /success, the hand-over of a submit the inline loader kept before the app
 * ran (how it started, said to the signup in its options), what the form's field starts (the
 * bot check's load on intent, the field signals' Form Start, the address kept from a failed
 * attempt) and the typo hint under it (use-typo-hint.ts), which a send from the form asks first.
 * The form reaches the signup through here only.
 */
import {
  type FormEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { fieldSignals } from "@/analytics/field-signals";
import {
  type BotCheck,
  type BotCheckFailure,
  botCheckFailureOf,
} from "@/waitlist/browser/bot-check";
import { isValidEmail, normalizeEmail } from "@/waitlist/core/email-validation";
import type { WaitReason } from "@/waitlist/core/waitlist-signup";
import { EMAIL_FIELD, HONEYPOT_FIELD, takeKeptSubmit } from "@/waitlist/hand-over/early-submit";
import { usePageState } from "./page-state";
import { useSignupEndings } from "./use-signup-endings";
import { useTypoHint } from "./use-typo-hint";

/**
 * Where the form stands, one state at a time; the button, the message and what is said derive from
 * it (waitlist-form.tsx):
 * - "idle": nothing to say; `kept`, an address kept from an earlier failed attempt is in the field;
 * - "invalid": the address is not one; `inField`, focus was in the field already, so moving it there
 *   says nothing and the form's live region says the message instead;
 * - "joining": a signup is under way; `waiting`, why the visitor waits while it is saved and still
 *   being sent ("check": the bot check waits for the visitor to answer Google's challenge);
 *   `answered`, the visitor answered that challenge (Joining... was said before it, not again);
 * - "not-sent": the signup failed, the address kept; `botCheck`, the bot check gave no token.
 */
export type FormStatus =
  | { kind: "idle"; kept?: boolean }
  | { kind: "invalid"; inField?: boolean }
  | { kind: "joining"; waiting?: WaitReason | "check"; answered?: boolean }
  | { kind: "not-sent"; botCheck?: BotCheckFailure };

/**
 * With the bot check: focus Google's challenge took in a turn that gave no token comes back to the
 * button once the form shows how the signup ended, the button saying Join Waitlist and usable again
 * (a layout effect: after that render is in the page), never while it still says Joining....
 */
function useFocusBackAfterCheck(joining: boolean, botCheck: BotCheck) {
  useLayoutEffect(() => {
    if (!joining) botCheck.formSettled();
  }, [joining, botCheck]);
}

export function useWaitlistSignup({
  form,
  field,
}: {
  form: RefObject<HTMLFormElement | null>;
  field: RefObject<HTMLInputElement | null>;
}) {
  const [status, setStatus] = useState<FormStatus>({ kind: "idle" });
  // A ref, not state: it blocks a second submit in the same frame, before React re-renders.
  const inFlight = useRef(false);
  const endings = useSignupEndings();
  const { waitlist, questions } = usePageState();
  const typo = useTypoHint(field);
  // A build-time constant: every render of a build calls it, or none does.
  // biome-ignore lint/correctness/useHookAtTopLevel: the condition never changes within a build.
  if (__BOT_CHECK_ON__) useFocusBackAfterCheck(status.kind === "joining", waitlist.botCheck);

  /** Sends what the form holds; `keptBeforeApp`: the inline loader kept this submit. */
  async function submit(rawEmail: string, honeypot: string, keptBeforeApp = false) {
    if (inFlight.current) return;
    const email = normalizeEmail(rawEmail);
    if (!isValidEmail(email)) {
      const inField = field.current !== null && field.current === document.activeElement;
      setStatus({ kind: "invalid", inField: inField || undefined });
      field.current?.focus();
      return;
    }
    // A submit kept before the app ran is sent as typed: the visitor saw no hint then.
    if (!keptBeforeApp && typo.holds(email)) return;
    inFlight.current = true;
    setStatus({ kind: "joining" });
    let ending: FormStatus = { kind: "idle" };
    try {
      const outcome = await waitlist.signup().submit(email, {
        honeypot,
        // How it started: only the field signals read it ("before-app" or "form").
        ...(__ANALYTICS_ON__ && { keptBeforeApp }),
        onWaiting: (waiting) => setStatus({ kind: "joining", waiting }),
        onAsking: (asking) =>
          setStatus(
            asking ? { kind: "joining", waiting: "check" } : { kind: "joining", answered: true },
          ),
      });
      // The page is being left: the next visit finishes it.
      if (outcome === "cancelled") return;
      // Its last request may have arrived: the visitor says whether to send it again.
      if (outcome === "unknown") return questions.ask(email);
      form.current?.reset();
      await endings.delivered();
    } catch (sendError) {
      ending = {
        kind: "not-sent",
        botCheck: __BOT_CHECK_ON__ ? botCheckFailureOf(sendError) : undefined,
      };
      endings.failed(sendError);
    } finally {
      inFlight.current = false;
      setStatus(ending);
    }
  }

  /** What the field and honeypot say now: a submit kept before the app ran sends what is there now. */
  function currentValues(target: HTMLFormElement): [string, string] {
    const data = new FormData(target);
    return [String(data.get(EMAIL_FIELD) ?? ""), String(data.get(HONEYPOT_FIELD) ?? "")];
  }

  // The form's own handler is live from this commit on: take over a submit kept before it was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form first commits.
  useLayoutEffect(() => {
    if (!takeKeptSubmit(window) || !form.current) return;
    const [email, honeypot] = currentValues(form.current);
    // An emptied field: the visitor took the submit back while the page was loading.
    if (email.trim() !== "") void submit(email, honeypot, true);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form first commits.
  useEffect(() => {
    const input = field.current;
    if (__BOT_CHECK_ON__ && input) waitlist.botCheck.loadOnIntent(input);
    if (__ANALYTICS_ON__ && input) fieldSignals.trackFormStart(input);
    const pending = waitlist.signup().failedEmail();
    if (input && pending && input.value === "") {
      input.value = pending;
      showKept();
    }
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(...currentValues(event.currentTarget));
  }

  function onEmailInput(value: string) {
    if (status.kind === "invalid" && isValidEmail(value)) setStatus({ kind: "idle" });
    typo.onInput(value);
  }

  /** An address kept from an earlier failed attempt was put back in the field. */
  function showKept() {
    setStatus({ kind: "idle", kept: true });
  }

  return {
    status,
    onSubmit,
    onEmailInput,
    hint: typo.hint,
    hintPart: typo.part,
    onEmailLeave: typo.onLeave,
    onGesture: typo.onGesture,
    takeHint: typo.take,
  };
}
