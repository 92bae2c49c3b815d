/**
 * A function of Vercel's build output run in `edge-runtime`, the open-source runtime of Vercel's
 * Edge Functions that `vercel dev` runs them in: offline, on this machine. `vercel build` writes an
 * Edge Function as a CommonJS module whose default export takes the Request; the runtime is given it
 * with a `fetch` listener that answers with it, as Vercel's own wrapper does.
 */
import { EdgeRuntime } from "edge-runtime";

export type EdgeFunction = (url: string, init: RequestInit) => Promise<Response>;

export function loadEdgeFunction(code: string): EdgeFunction {
  const runtime = new EdgeRuntime({
    initialCode: `const module = { exports: {} };
(function (module, exports) {
${code}
})(module, module.exports);
addEventListener("fetch", (event) => {
  event.respondWith(module.exports.default(event.request));
});`,
  });
  return async (url, init) => {
    const answer = await runtime.dispatchFetch(url, init);
    await answer.waitUntil();
    return answer;
  };
}
