/**
 * The waitlist's submit logic (PRODUCT.md §1, "No lost signups"): one send per submission, the same
 * address never emailed twice from this browser, a failed address kept for a retry or a reload.
 */
import { type FormEvent, useRef, useState } from "react";
import { useLocation } from "wouter";
import { waitlist } from "@/content/waitlist";
import { toast } from "@/hooks/use-toast";
import { describeSendError, sendWaitlistSignup } from "@/lib/email-client";
import { isValidEmail, normalizeEmail } from "@/lib/email-validation";
import { keepPendingEmail, wasAlreadySent } from "@/lib/signup-memory";

export const EMAIL_FIELD = "email";
export const HONEYPOT_FIELD = "website";
const SUCCESS_PATH = "/success";

export function useWaitlistSignup(onInvalid: () => void) {
  const [error, setError] = useState("");
  const [submitting, setSubmitting] = useState(false);
  // A ref, not state: it blocks a second submit in the same frame, before React re-renders.
  const inFlight = useRef(false);
  const [, navigate] = useLocation();

  function finishWithSuccess(form: HTMLFormElement) {
    form.reset();
    toast(waitlist.toasts.success);
    navigate(SUCCESS_PATH);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = normalizeEmail(String(data.get(EMAIL_FIELD) ?? ""));
    if (!isValidEmail(email)) {
      setError(waitlist.invalidEmail);
      onInvalid();
      return;
    }
    setError("");
    // A filled honeypot is a bot: pretend it worked and send nothing. A repeat address was sent already.
    if (String(data.get(HONEYPOT_FIELD) ?? "") !== "" || wasAlreadySent(email)) {
      finishWithSuccess(form);
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    try {
      await sendWaitlistSignup(email);
      finishWithSuccess(form);
    } catch (sendError) {
      console.error(`Waitlist submission failed: ${describeSendError(sendError)}`);
      keepPendingEmail(email);
      toast({ ...waitlist.toasts.failure, variant: "destructive" });
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  function onEmailInput(value: string) {
    if (error && isValidEmail(value)) setError("");
  }

  return { error, submitting, onSubmit, onEmailInput };
}
