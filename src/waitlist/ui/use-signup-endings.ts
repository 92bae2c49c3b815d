/** How a signup ends for the visitor, sent from the form or the pending note. */
import { useLocation } from "wouter";
import { toast, whenToastAnnounced } from "@/hooks/use-toast";
import { whenPageHydrated } from "@/lib/page-hydrated";
import { SIGNUP_END_PATH } from "@/site-paths";
import { describeSendError } from "@/waitlist/browser/email-client";
import { waitlist } from "@/waitlist/texts";

/** The longest the move to /success waits for "Redirecting..." to be announced. */
const ANNOUNCE_WAIT_MAX_MS = 1000;

export function useSignupEndings() {
  const [, navigate] = useLocation();
  return {
    async delivered(): Promise<void> {
      // Said before the page changes, not after /success has been read out.
      await whenToastAnnounced(toast(waitlist.toasts.success), ANNOUNCE_WAIT_MAX_MS);
      // The form's root can be live before the page's (form-island.tsx), which must hydrate first.
      await whenPageHydrated();
      navigate(SIGNUP_END_PATH);
    },
    failed(sendError: unknown): void {
      console.error(`Waitlist submission failed: ${describeSendError(sendError)}`);
      toast({ ...waitlist.toasts.failure, variant: "destructive" });
    },
  };
}
