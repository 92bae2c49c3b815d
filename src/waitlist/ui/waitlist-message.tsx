import { cn } from "@/lib/cn";

/**
 * The waitlist form's message area (the field's description) and its one live region, which says
 * each form event once:
 * - while a send is under way, `busyLabel` (Joining...): the button's own label change is not
 *   announced while it has focus;
 * - a message said elsewhere (`saidElsewhere`) is shown but not said again: an invalid address
 *   submitted from the button (focus moves to the field, whose description is this message) and a
 *   failed send (the destructive toast says it, assertively);
 * - any other message (an address kept from a failed attempt and offered again; the address saved
 *   and still being sent while retries go on; an invalid address sent from the field itself; why
 *   the bot check sent nothing, which the toast does not say) is said here.
 * The live region is the area's first `[aria-live]` element: the inline loader writes its
 * "not sent" note there before the app runs, so that note is shown and said too.
 */
export function WaitlistMessage({
  id,
  message,
  saidElsewhere,
  busyLabel,
  alert,
  className,
}: {
  id: string;
  message: string;
  saidElsewhere: boolean;
  busyLabel?: string;
  /** Shown in the danger colour. */
  alert: boolean;
  className?: string;
}) {
  const said = busyLabel ?? (saidElsewhere ? "" : message);
  const shownBySpeaker = said === message;
  return (
    <div
      id={id}
      className={cn("mt-2 min-h-5 text-sm", alert ? "text-danger" : "text-ink-muted", className)}
    >
      <p role="status" aria-live="polite" className={shownBySpeaker ? undefined : "sr-only"}>
        {said}
      </p>
      {!shownBySpeaker && <p>{message}</p>}
    </div>
  );
}
