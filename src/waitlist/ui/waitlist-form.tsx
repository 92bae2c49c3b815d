import { useRef } from "react";
import { PrivacyNotice } from "@/components/privacy-notice";
import { StaticContent } from "@/components/static-content";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import {
  EARLY_SUBMIT_ATTRIBUTE,
  EARLY_SUBMIT_BUSY_ATTRIBUTE,
  EMAIL_FIELD,
  HONEYPOT_FIELD,
} from "@/waitlist/hand-over/early-submit";
import { botCheckTexts, waitlist } from "@/waitlist/texts";
import { TypoHintLine } from "./typo-hint-line";
import { type FormStatus, useWaitlistSignup } from "./use-waitlist-signup";
import { WaitlistMessage } from "./waitlist-message";

/**
 * The form's message area for `status`: an invalid address, why the visitor waits, or why the
 * address was not sent (the bot check's own words where it gave no token).
 */
function formMessage(status: FormStatus): string {
  switch (status.kind) {
    case "invalid":
      return waitlist.invalidEmail;
    case "joining":
      if (__BOT_CHECK_ON__ && status.waiting === "check") return botCheckTexts.asking;
      return status.waiting && status.waiting !== "check" ? waitlist.waiting[status.waiting] : "";
    case "not-sent":
      if (__BOT_CHECK_ON__ && status.botCheck) return botCheckTexts.notSent[status.botCheck];
      return waitlist.keptNote;
    case "idle":
      return status.kept ? waitlist.keptNote : "";
  }
}

/**
 * The early-access form. The input is uncontrolled so an address typed before hydration is kept;
 * the prerendered markup is already a labelled form whose submit never navigates: before the app
 * runs the inline loader keeps it (src/app/start-up/inline-loader.ts), and with JavaScript off
 * `method="dialog"` outside a dialog makes it do nothing, so the address never ends up in a URL.
 */
export function WaitlistForm({ className, fieldId }: { className?: string; fieldId: string }) {
  // Ids from the field's, not useId: the form is hydrated by a root of its own (form-island.tsx),
  // where useId would not give what the page's root gave on the server.
  const headingId = `${fieldId}-heading`;
  const messageId = `${fieldId}-message`;
  const privacyId = `${fieldId}-privacy`;
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { status, onSubmit, onEmailInput, hint, hintPart, onEmailLeave, onGesture, takeHint } =
    useWaitlistSignup({ form: formRef, field: inputRef });

  const message = formMessage(status);
  const joining = status.kind === "joining";
  const alert = status.kind === "invalid" || status.kind === "not-sent";
  // Said elsewhere: an invalid address by focus moving to the field (sent from the field itself,
  // no focus moves), a failed send by the toast (which does not name the bot check's own causes).
  const saidElsewhere =
    (status.kind === "invalid" && !status.inField) ||
    (status.kind === "not-sent" && !status.botCheck);

  return (
    <form
      ref={formRef}
      method="dialog"
      noValidate
      {...{
        [EARLY_SUBMIT_ATTRIBUTE]: waitlist.notStartedNote,
        [EARLY_SUBMIT_BUSY_ATTRIBUTE]: waitlist.submitting,
      }}
      onSubmit={onSubmit}
      // What the typo hint showed as a press or a key went down is what the visitor saw.
      onPointerDownCapture={onGesture}
      onKeyDownCapture={onGesture}
      aria-labelledby={headingId}
      className={cn("rounded-2xl border border-line bg-surface/90 p-4 sm:p-6", className)}
    >
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {waitlist.heading}
      </h2>
      <p className="mt-1 hidden text-sm text-ink-muted sm:block">{waitlist.intro}</p>
      <label htmlFor={fieldId} className="mt-3 block text-sm font-medium text-ink sm:mt-4">
        {waitlist.label}
      </label>
      <div className="mt-2 flex flex-col sm:flex-row sm:gap-3">
        {/* The field and the typo hint's line under it, whose button is the next stop after it. */}
        <div className="relative min-w-0 flex-1">
          <Input
            ref={inputRef}
            id={fieldId}
            name={EMAIL_FIELD}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={waitlist.placeholder}
            // Reached by a link (#fieldId), the field lands with the form's heading and label in
            // view below the fixed header.
            className="scroll-mt-20"
            aria-invalid={status.kind === "invalid" || undefined}
            // The message alone while the app shows one: read on into the privacy line, "Please
            // enter a valid email address" ran into it as one sentence. Before the app runs, the
            // message area holds the inline loader's note, if any.
            aria-describedby={message ? messageId : `${messageId} ${privacyId}`}
            onInput={(event) => onEmailInput(event.currentTarget.value)}
            onBlur={(event) => onEmailLeave(event.currentTarget.value)}
            // Before Tab moves on: the hint's button is there to be the next stop.
            onKeyDown={(event) =>
              event.key === "Tab" && !event.shiftKey && onEmailLeave(event.currentTarget.value)
            }
          />
          <TypoHintLine hint={hint} part={hintPart} onTake={takeHint} />
        </div>
        {/* aria-disabled, not disabled: the button keeps keyboard focus through a send. */}
        <Button type="submit" size="lg" aria-disabled={joining || undefined} className="sm:w-40">
          {joining ? waitlist.submitting : waitlist.submit}
        </Button>
      </div>
      <WaitlistMessage
        id={messageId}
        message={message}
        saidElsewhere={saidElsewhere}
        // Once the visitor is told why they wait, that is what is said.
        busyLabel={joining && !status.waiting && !status.answered ? waitlist.submitting : undefined}
        alert={alert}
        // From sm on, the hint's line sits over the message area's first line: a message goes below.
        className={hint && message ? "sm:pt-7" : undefined}
      />
      <noscript>
        <p className="text-sm text-danger">{waitlist.needsJavaScript}</p>
      </noscript>
      {/*
        Honeypot: off-screen, and inert, so nothing can focus it: no person, no keyboard, and no
        browser autofill (Chromium fills an off-screen field even with autocomplete="off", but never
        an inert one). Only a script that fills fields by name puts a value in it: a form bot. The
        data- attributes ask 1Password, LastPass, Bitwarden and Dashlane to leave it alone too.
      */}
      <div aria-hidden="true" inert className="absolute -left-[9999px] size-px overflow-hidden">
        <label>
          {waitlist.honeypotLabel}
          <input
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            data-1p-ignore=""
            data-lpignore="true"
            data-bwignore=""
            data-form-type="other"
          />
        </label>
      </div>
      <p id={privacyId} className="mt-1 text-xs text-ink-muted">
        {__BOT_CHECK_ON__ ? `${waitlist.privacy} ${botCheckTexts.notice}` : waitlist.privacy}
      </p>
      {/* Static markup, a native disclosure: it opens with no JavaScript and costs the bundle nothing. */}
      <StaticContent className="mt-1">{import.meta.env.SSR && <PrivacyNotice />}</StaticContent>
    </form>
  );
}
