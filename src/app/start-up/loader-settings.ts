/**
 * The site's start-up once the app runs, from what the inline loader (inline-loader.ts) hands the
 * app in its data-* attributes, written by scripts/build/prerender.ts, and what the head holds back:
 * the web manifest and the icons to link, and the modules to preload once the page is up.
 */

/** Set once the idle preloads have settled (the e2e tests wait for it before going offline). */
const PRELOADED_MARK = "bulwark:preloaded";

/** One of the inline loader's data-* settings; none in dev, which has no inline loader. */
function loaderSetting(name: string): string | undefined {
  return document.querySelector<HTMLElement>("script[data-app]")?.dataset[name];
}

/**
 * The built pages leave the manifest link out of the head (its fetch would race the first paint);
 * the app, which starts after that paint, links it.
 */
export function linkWebManifest(): void {
  const href = loaderSetting("manifest");
  if (!href) return;
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = href;
  document.head.append(link);
}

/**
 * The built pages hold their icons in a <noscript> in the head, behind an icon of no bytes that
 * keeps the browser from fetching /favicon.ico (src/app/head.ts says why): the app, which starts
 * after the largest contentful paint, links them, and the empty one goes.
 */
export function linkIcons(): void {
  const held = document.querySelector("head>noscript");
  if (!held) return;
  // An element's text is never null (only a document's is).
  const icons = new DOMParser().parseFromString(held.textContent as string, "text/html");
  document.querySelector('link[href="data:,"]')?.remove();
  document.head.append(...icons.querySelectorAll("link"));
}

/**
 * Module-preloads what a send and its outcome need (the EmailJS SDK, the toaster): fetched and
 * compiled, not run, so it costs the main thread nothing; once in, going offline or a redeploy that
 * removes these files can no longer hide the result of a send.
 */
export function preloadSendOutcome(): void {
  const files = loaderSetting("preload")?.split(" ").filter(Boolean) ?? [];
  const loaded = files.map(
    (href) =>
      new Promise<void>((settle) => {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        link.onload = () => settle();
        link.onerror = () => settle();
        document.head.append(link);
      }),
  );
  void Promise.all(loaded).then(() => performance.mark(PRELOADED_MARK));
}
