/** The form's one way to the page's waitlist (browser-signup.ts), its typo hint included. */
import type { FormEvent, RefObject } from "react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { type BotCheckFailure, botCheckFailureOf } from "@/waitlist/browser/bot-check";
import type { WaitReason } from "@/waitlist/core/delivery-deps";
import { isValidEmail, normalizeEmail } from "@/waitlist/core/email-validation";
import { EMAIL_FIELD, HONEYPOT_FIELD, takeKeptSubmit } from "@/waitlist/hand-over/early-submit";
import { usePageState } from "./page-state";
import { useSignupEndings } from "./use-signup-endings";
import { useTypoHint } from "./use-typo-hint";

/** Where the form stands; `inField`: focus was there already; `answered`: the challenge was. */
export type FormStatus =
  | { kind: "idle"; kept?: boolean }
  | { kind: "invalid"; inField?: boolean }
  | { kind: "joining"; waiting?: WaitReason | "check"; answered?: boolean }
  | { kind: "not-sent"; botCheck?: BotCheckFailure };

/** What the field and honeypot hold now: a kept submit sends what is there now. */
function currentValues(target: HTMLFormElement): [string, string] {
  const data = new FormData(target);
  return [String(data.get(EMAIL_FIELD) ?? ""), String(data.get(HONEYPOT_FIELD) ?? "")];
}

type Ref<T> = RefObject<T | null>;
type FormRefs = { form: Ref<HTMLFormElement>; field: Ref<HTMLInputElement> };

export function useWaitlistSignup({ form, field }: FormRefs) {
  const [status, setStatus] = useState<FormStatus>({ kind: "idle" });
  // A ref, not state: it blocks a second submit in the same frame, before React re-renders.
  const inFlight = useRef(false);
  const endings = useSignupEndings();
  const { waitlist } = usePageState();
  const typo = useTypoHint(field);
  const joining = status.kind === "joining";

  // The form shows how a signup ended, the button usable again: what the parts owe then.
  useLayoutEffect(() => {
    if (!joining) waitlist.settled();
  }, [joining, waitlist]);

  async function submit(rawEmail: string, honeypot: string, keptBeforeApp = false) {
    if (inFlight.current) return;
    const email = normalizeEmail(rawEmail);
    if (!isValidEmail(email)) {
      const inField = field.current !== null && field.current === document.activeElement;
      setStatus({ kind: "invalid", inField: inField || undefined });
      field.current?.focus();
      return;
    }
    if (!keptBeforeApp && typo.holds(email)) return;
    if (honeypot !== "") {
      form.current?.reset();
      return endings.delivered();
    }
    inFlight.current = true;
    setStatus({ kind: "joining" });
    const ending = await waitlist.deliver(email, keptBeforeApp ? "before-app" : "form", {
      onEvent(event) {
        if (event.type === "waiting") setStatus({ kind: "joining", waiting: event.reason });
        if (event.type !== "asking") return;
        const asked = event.asking ? { waiting: "check" as const } : { answered: true };
        setStatus({ kind: "joining", ...asked });
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
  const latestSubmit = useRef(submit);
  latestSubmit.current = submit;

  // The form's own handler is live from this commit on: it takes over a kept submit.
  useLayoutEffect(() => {
    if (!takeKeptSubmit(window) || !form.current) return;
    const [email, honeypot] = currentValues(form.current);
    // An emptied field: the visitor took the submit back while the page was loading.
    if (email.trim() !== "") void latestSubmit.current(email, honeypot, true);
  }, [form]);

  // The parts start on intent, and an address a failed attempt kept comes back.
  useEffect(() => {
    const input = field.current;
    if (!input) return;
    waitlist.fieldReady(input);
    void waitlist.pending().then((records) => {
      const failed = records.filter((record) => record.state === "failed").at(-1);
      if (!failed || input.value !== "") return;
      input.value = failed.email;
      setStatus((now) => (now.kind === "idle" ? { kind: "idle", kept: true } : now));
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

  return { status, onSubmit, onEmailInput, typo };
}
