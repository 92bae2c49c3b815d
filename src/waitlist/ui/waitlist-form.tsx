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

function formMessage(status: FormStatus): string {
  if (status.kind === "invalid") return waitlist.invalidEmail;
  if (status.kind === "idle") return status.kept ? waitlist.keptNote : "";
  if (status.kind === "not-sent") {
    if (__BOT_CHECK_ON__ && status.botCheck) return botCheckTexts.notSent[status.botCheck];
    return waitlist.keptNote;
  }
  if (__BOT_CHECK_ON__ && status.waiting === "check") return botCheckTexts.asking;
  return status.waiting && status.waiting !== "check" ? waitlist.waiting[status.waiting] : "";
}

/** The early-access form (docs/behaviour.md, "JavaScript off"); uncontrolled, early typing kept. */
export function WaitlistForm({ className, fieldId }: { className?: string; fieldId: string }) {
  // Not useId: the form's own root (form-island.tsx) would not get the ids the server gave.
  const headingId = `${fieldId}-heading`;
  const messageId = `${fieldId}-message`;
  const privacyId = `${fieldId}-privacy`;
  const form = useRef<HTMLFormElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const { status, onSubmit, onEmailInput, typo } = useWaitlistSignup({ form, field });
  const message = formMessage(status);
  const joining = status.kind === "joining";
  // docs/behaviour.md, "Said once".
  const saidElsewhere =
    (status.kind === "invalid" && !status.inField) ||
    (status.kind === "not-sent" && !status.botCheck);

  return (
    <form
      ref={form}
      method="dialog"
      noValidate
      {...{
        [EARLY_SUBMIT_ATTRIBUTE]: waitlist.notStartedNote,
        [EARLY_SUBMIT_BUSY_ATTRIBUTE]: waitlist.submitting,
      }}
      onSubmit={onSubmit}
      onPointerDownCapture={typo.onGesture}
      onKeyDownCapture={typo.onGesture}
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
        <div className="relative min-w-0 flex-1">
          <Input
            ref={field}
            id={fieldId}
            name={EMAIL_FIELD}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={waitlist.placeholder}
            // Reached by a link, the field lands with the heading and label below the header.
            className="scroll-mt-20"
            aria-invalid={status.kind === "invalid" || undefined}
            // The message alone while there is one: read on, it ran into the privacy line.
            aria-describedby={message ? messageId : `${messageId} ${privacyId}`}
            onInput={(event) => onEmailInput(event.currentTarget.value)}
            onBlur={(event) => typo.onLeave(event.currentTarget.value)}
            onKeyDown={(event) =>
              event.key === "Tab" && !event.shiftKey && typo.onLeave(event.currentTarget.value)
            }
          />
          <TypoHintLine hint={typo.hint} part={typo.part} onTake={typo.take} />
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
        busyLabel={joining && !status.waiting && !status.answered ? waitlist.submitting : undefined}
        alert={status.kind === "invalid" || status.kind === "not-sent"}
        // From sm on, the hint's line sits over the message area's first line: a message goes below.
        className={typo.hint && message ? "sm:pt-7" : undefined}
      />
      <noscript>
        <p className="text-sm text-danger">{waitlist.needsJavaScript}</p>
      </noscript>
      {/* The honeypot (docs/behaviour.md, "Anti-abuse, no CAPTCHA"). */}
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
      <StaticContent className="mt-1">{import.meta.env.SSR && <PrivacyNotice />}</StaticContent>
    </form>
  );
}
