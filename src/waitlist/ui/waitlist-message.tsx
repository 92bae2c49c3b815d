import { cn } from "@/lib/cn";

type Props = {
  id: string;
  message: string;
  saidElsewhere: boolean;
  /** Said while a send is under way: a focused button's new label is not announced. */
  busyLabel?: string;
  /** Shown in the danger colour. */
  alert: boolean;
  className?: string;
};

/** The field's description and the form's one live region (docs/behaviour.md, "Said once"). */
export function WaitlistMessage(props: Props) {
  const { id, message, saidElsewhere, busyLabel, alert, className } = props;
  const said = busyLabel ?? (saidElsewhere ? "" : message);
  const shownBySpeaker = said === message;
  return (
    <div
      id={id}
      className={cn("mt-2 min-h-5 text-sm", alert ? "text-danger" : "text-ink-muted", className)}
    >
      {/* The first [aria-live] here: the inline loader's note goes in it (keep-early-submits). */}
      <p role="status" aria-live="polite" className={shownBySpeaker ? undefined : "sr-only"}>
        {said}
      </p>
      {!shownBySpeaker && <p>{message}</p>}
    </div>
  );
}
