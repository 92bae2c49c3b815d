/**
 * Adapts the page's waitlist (src/waitlist/browser/browser-signup.ts) to the form: validation, the
 * Joining... state, the toasts and the move to /success, the hand-over of a submit the inline
 * loader kept before the app ran, the address kept from a failed attempt, what the field starts on
 * the visitor's intent (the optional parts'), and the typo hint under it (use-typo-hint.ts), which
 * a send from the form asks first. The form reaches the signup through here only.
 */
import {
  type FormEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { type BotCheckFailure, botCheckFailureOf } from "@/waitlist/browser/bot-check";
import type { WaitReason } from "@/waitlist/core/delivery-deps";
import { isValidEmail, normalizeEmail } from "@/waitlist/core/email-validation";
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

/** What the field and honeypot say now: a submit kept before the app ran sends what is there now. */
function currentValues(target: HTMLFormElement): [string, string] {
  const data = new FormData(target);
  return [String(data.get(EMAIL_FIELD) ?? ""), String(data.get(HONEYPOT_FIELD) ?? "")];
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
  const { waitlist } = usePageState();
  const typo = useTypoHint(field);
  const joining = status.kind === "joining";

  // Once the form shows how a signup ended, with the button usable again: what the parts owe then.
  useLayoutEffect(() => {
    if (!joining) waitlist.settled();
  }, [joining, waitlist]);

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
    // A filled honeypot is a bot: it is told all went well, and nothing is sent.
    if (honeypot !== "") {
      form.current?.reset();
      return endings.delivered();
    }
    inFlight.current = true;
    setStatus({ kind: "joining" });
    const ending = await waitlist.deliver(email, keptBeforeApp ? "before-app" : "form", {
      onEvent(event) {
        if (event.type === "waiting") setStatus({ kind: "joining", waiting: event.reason });
        if (event.type === "asking") {
          setStatus(
            event.asking
              ? { kind: "joining", waiting: "check" }
              : { kind: "joining", answered: true },
          );
        }
      },
    });
    if (ending.outcome === "failed") {
      inFlight.current = false;
      setStatus({ kind: "not-sent", botCheck: botCheckFailureOf(ending.error) });
      return endings.failed(ending.error);
    }
    // "cancelled": the page is being left, and the next visit finishes it.
    if (ending.outcome !== "cancelled") {
      form.current?.reset();
      await endings.delivered();
    }
    inFlight.current = false;
    setStatus({ kind: "idle" });
  }
  // The latest submit, for the start-up effect below, which runs once.
  const latestSubmit = useRef(submit);
  latestSubmit.current = submit;

  // The form's own handler is live from this commit on: take over a submit kept before it was.
  useLayoutEffect(() => {
    if (!takeKeptSubmit(window) || !form.current) return;
    const [email, honeypot] = currentValues(form.current);
    // An emptied field: the visitor took the submit back while the page was loading.
    if (email.trim() !== "") void latestSubmit.current(email, honeypot, true);
  }, [form]);

  // The field is live: the parts start on intent, and an address a failed attempt kept comes back.
  useEffect(() => {
    const input = field.current;
    if (!input) return;
    waitlist.fieldReady(input);
    void waitlist.pending().then((records) => {
      const failed = records.filter((record) => record.state === "failed").at(-1);
      if (failed && input.value === "") {
        input.value = failed.email;
        setStatus((now) => (now.kind === "idle" ? { kind: "idle", kept: true } : now));
      }
    });
  }, [field, waitlist]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(...currentValues(event.currentTarget));
  }

  function onEmailInput(value: string) {
    if (status.kind === "invalid" && isValidEmail(value)) setStatus({ kind: "idle" });
    typo.onInput(value);
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
