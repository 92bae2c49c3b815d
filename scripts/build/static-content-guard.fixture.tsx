/**
 * Parts planted inside StaticContent for scripts/build/static-content-guard.test.ts: what the build
 * must refuse (a button, a field, a handler, a lazily loaded part) and what it must let through (a
 * `<details>` without handlers, links, a live control outside StaticContent).
 */
import { lazy, Suspense } from "react";
import { StaticContent } from "../../src/components/static-content";

const LazyPart = lazy(async () => ({ default: () => <span>loaded later</span> }));
const nothing = () => undefined;

export function Allowed() {
  return (
    <main>
      <StaticContent as="footer">
        <details>
          <summary>How we handle your address</summary>
          <p>Kept for the waitlist only.</p>
        </details>
        <a href="/privacy">Privacy</a>
      </StaticContent>
      <button type="button" onClick={nothing}>
        Live, outside
      </button>
    </main>
  );
}

export function PlantedButton() {
  return (
    <StaticContent>
      <button type="button" onClick={nothing}>
        Dead
      </button>
    </StaticContent>
  );
}

export function PlantedField() {
  return (
    <StaticContent as="section">
      <label>
        Email <input name="email" />
      </label>
    </StaticContent>
  );
}

export function PlantedHandler() {
  return (
    <StaticContent>
      <details onToggle={nothing}>
        <summary>Opens, but nobody hears it</summary>
      </details>
    </StaticContent>
  );
}

export function PlantedLazyPart() {
  return (
    <StaticContent>
      <Suspense fallback={null}>
        <LazyPart />
      </Suspense>
    </StaticContent>
  );
}
