import { useEffect, useRef } from "react";
import { Router, useLocation } from "wouter";
import { fieldSignals } from "@/analytics/field-signals";
import { revealOnScroll } from "@/components/reveal-on-scroll";
import { ToasterHost } from "@/components/toaster-host";
import { TrustSettingsProvider } from "@/components/trust-settings";
import { pageTitles } from "@/content/pages";
import { site } from "@/content/site";
import { markPageHydrated } from "@/lib/page-hydrated";
import { NO_TRUST_SETTINGS, type TrustSettings } from "@/lib/trust-settings";
import { type PageState, PageStateProvider } from "@/waitlist/ui/page-state";
import { PendingSignupNote } from "@/waitlist/ui/pending-signup-note";
import { LandingPage } from "./pages/landing-page";
import { NotFoundPage } from "./pages/not-found-page";
import { SuccessPage } from "./pages/success-page";
import { matchRoute, type RouteId } from "./routes";

const PAGES = {
  landing: LandingPage,
  success: SuccessPage,
  notFound: NotFoundPage,
} satisfies Record<RouteId, unknown>;

/**
 * Pages with static parts (StaticContent): the browser's bundle does not carry those parts, so such
 * a page comes only from the server. Reached in the browser (Back from /success), it is loaded afresh.
 */
const SERVED_ONLY: ReadonlySet<RouteId> = new Set(["landing"]);

/**
 * The whole app for one URL, handed the page's state (page-state.tsx), which the form's own root
 * shares. The server passes the path it prerenders and the build's contact settings (shown only in
 * parts the prerender writes); the browser reads its own path. The toaster sits outside the pages,
 * so a toast raised on / stays up on /success; so does the note that finishes a signup an earlier
 * page left being sent, so it shows on every page.
 */
export function App({
  state,
  ssrPath,
  trust = NO_TRUST_SETTINGS,
}: {
  state: PageState;
  ssrPath?: string;
  trust?: TrustSettings;
}) {
  return (
    <PageStateProvider value={state}>
      <TrustSettingsProvider value={trust}>
        <Router ssrPath={ssrPath}>
          <CurrentPage />
          <PendingSignupNote />
          <Toasts />
        </Router>
      </TrustSettingsProvider>
    </PageStateProvider>
  );
}

/** Pages with a fixed header at the top: on phones their toasts sit under it, the others' at the bottom. */
const FIXED_HEADER: ReadonlySet<RouteId> = new Set(["landing"]);

function Toasts() {
  const [location] = useLocation();
  const placement = FIXED_HEADER.has(matchRoute(location)) ? "below-header" : "bottom";
  return <ToasterHost closeLabel={site.closeToastLabel} placement={placement} />;
}

function CurrentPage() {
  const [location] = useLocation();
  const routeId = matchRoute(location);
  // The served page's markup is gone once another page has shown: from then on it is not there.
  const servedRouteId = useRef<RouteId | null>(routeId);
  if (routeId !== servedRouteId.current) servedRouteId.current = null;
  const loadAfresh = servedRouteId.current === null && SERVED_ONLY.has(routeId);
  useEffect(() => {
    // Hydration is done: the page answers every click from here on (the e2e tests wait for this).
    markPageHydrated();
    revealOnScroll();
  }, []);
  useEffect(() => {
    if (loadAfresh) window.location.reload();
    else document.title = pageTitles[routeId];
    // One page view per page shown (the field signals, only in a build with them).
    if (__ANALYTICS_ON__ && !loadAfresh) fieldSignals.track({ name: "pageview" });
  }, [routeId, loadAfresh]);
  if (loadAfresh) return null;
  const Page = PAGES[routeId];
  return <Page />;
}
