import { useEffect } from "react";
import { Router, useLocation } from "wouter";
import { ToasterHost } from "@/components/toaster-host";
import { pageMeta } from "@/content/pages";
import { site } from "@/content/site";
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
 * The whole app for one URL. The server passes the path it prerenders; the browser reads its own.
 * The toaster sits outside the pages, so a toast raised on / stays up on /success.
 */
export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <Router ssrPath={ssrPath}>
      <CurrentPage />
      <ToasterHost closeLabel={site.closeToastLabel} />
    </Router>
  );
}

function CurrentPage() {
  const [location] = useLocation();
  useEffect(() => {
    // Hydration is done: the page answers every click from here on (the e2e tests wait for this).
    document.documentElement.dataset.hydrated = "";
  }, []);
  const routeId = matchRoute(location);
  useEffect(() => {
    document.title = pageMeta[routeId].title;
  }, [routeId]);
  const Page = PAGES[routeId];
  return <Page />;
}
