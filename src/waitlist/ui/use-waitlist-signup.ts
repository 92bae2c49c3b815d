/**
 * Adapts the waitlist signup (src/waitlist/core) to the form: validation, the Joining... state, the
 * toasts and the move to /success, and the hand-over of a submit the inline loader kept before the
 * app ran.
 */
import { type FormEvent, type RefObject, useLayoutEffect, useRef, useState } from "react";
import { browserSignup } from "@/waitlist/browser/browser-signup";
import { isValidEmail, normalizeEmail } from "@/waitlist/core/email-validation";
import type { WaitReason } from "@/waitlist/core/waitlist-signup";
import { EMAIL_FIELD, HONEYPOT_FIELD, takeKeptSubmit } from "@/waitlist/hand-over/early-submit";
import { waitlist } from "@/waitlist/texts";
import { askWhetherToResend } from "./resend-question";
import { useSignupEndings } from "./use-signup-endings";

export function useWaitlistSignup({
  form,
  field,
}: {
  form: RefObject<HTMLFormElement | null>;
  field: RefObject<HTMLInputElement | null>;
}) {
  const [error, setError] = useState("");
  const [notSent, setNotSent] = useState(false);
  /** Why the visitor waits while the address is saved and still being sent, if they do. */
  const [waitingFor, setWaitingFor] = useState<WaitReason | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // A ref, not state: it blocks a second submit in the same frame, before React re-renders.
  const inFlight = useRef(false);
  const endings = useSignupEndings();

  async function submit(rawEmail: string, honeypot: string) {
    if (inFlight.current) return;
    const email = normalizeEmail(rawEmail);
    setNotSent(false);
    if (!isValidEmail(email)) {
      setError(waitlist.invalidEmail);
      field.current?.focus();
      return;
    }
    setError("");
    inFlight.current = true;
    setSubmitting(true);
    try {
      const outcome = await browserSignup().submit(email, {
        honeypot,
        onWaiting: setWaitingFor,
      });
      // The page is being left: the next visit finishes it.
      if (outcome === "cancelled") return;
      // Its last request may have arrived: the visitor says whether to send it again.
      if (outcome === "unknown") return askWhetherToResend(email);
      form.current?.reset();
      await endings.delivered();
    } catch (sendError) {
      setNotSent(true);
      endings.failed(sendError);
    } finally {
      inFlight.current = false;
      setWaitingFor(null);
      setSubmitting(false);
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
    if (email.trim() !== "") void submit(email, honeypot);
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(...currentValues(event.currentTarget));
  }

  function onEmailInput(value: string) {
    if (error && isValidEmail(value)) setError("");
  }

  return { error, notSent, waitingFor, submitting, onSubmit, onEmailInput };
}
