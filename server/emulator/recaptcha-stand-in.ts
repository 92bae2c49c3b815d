/**
 * A local stand-in for Google's reCAPTCHA v2 invisible, so a build with VITE_RECAPTCHA_SITE_KEY runs
 * end to end without the internet (VITE_RECAPTCHA_ORIGIN points at the emulator). It plays the part
 * of grecaptcha the site uses (render with size "invisible" and its callbacks, execute, reset,
 * getResponse) the way Google's widget works: api.js renders an iframe from the check's origin, and
 * that frame, not the page, asks for the token (from recaptcha-tokens.ts, which the send check
 * redeems) and posts it to the page. So the page's connect-src stays as it is, and its CSP is tested
 * with the frame-src a real build needs. It shows no challenge: every execute passes.
 */
import type { RecaptchaTokens } from "./recaptcha-tokens";
import { reply, replyJson } from "./replies";
import type { Route } from "./routes";
import { RECAPTCHA_PARAM } from "./server-checks";

const RECAPTCHA_SCRIPT_PATH = "/recaptcha/api.js";
const ANCHOR_PATH = "/recaptcha/api2/anchor";
const TOKEN_PATH = "/recaptcha/api2/token";

/** The messages between the page's script and the frame. */
const EXECUTE = "bulwark-stand-in:execute";
const TOKEN = "bulwark-stand-in:token";
const FAILED = "bulwark-stand-in:error";

/** Runs in the page: window.grecaptcha, then the page's `onload` callback. */
function apiScript(origin: string): string {
  return `"use strict";
(() => {
  const origin = ${JSON.stringify(origin)};
  const widgets = [];
  window.addEventListener("message", (event) => {
    const widget = widgets.find((each) => each.frame.contentWindow === event.source);
    if (!widget || event.origin !== origin) return;
    if (event.data?.type === ${JSON.stringify(FAILED)}) return widget.parameters["error-callback"]?.();
    if (event.data?.type !== ${JSON.stringify(TOKEN)}) return;
    widget.response = event.data.token;
    widget.textarea.value = event.data.token;
    widget.parameters.callback?.(event.data.token);
  });
  window.grecaptcha = {
    render(container, parameters) {
      if (parameters.size !== "invisible") throw new Error("The stand-in plays the invisible widget only.");
      const frame = document.createElement("iframe");
      const query = new URLSearchParams({ k: parameters.sitekey, co: location.origin, size: "invisible" });
      frame.src = origin + ${JSON.stringify(ANCHOR_PATH)} + "?" + query;
      frame.title = "reCAPTCHA";
      frame.width = "256";
      frame.height = "60";
      frame.setAttribute("role", "presentation");
      const textarea = document.createElement("textarea");
      textarea.name = ${JSON.stringify(RECAPTCHA_PARAM)};
      textarea.style.display = "none";
      const loaded = new Promise((resolve) => frame.addEventListener("load", resolve, { once: true }));
      container.append(frame, textarea);
      widgets.push({ frame, textarea, parameters, loaded, response: "" });
      return widgets.length - 1;
    },
    execute(id) {
      const widget = widgets[id];
      widget.loaded.then(() => widget.frame.contentWindow.postMessage({ type: ${JSON.stringify(EXECUTE)} }, origin));
    },
    reset(id) {
      widgets[id].response = "";
      widgets[id].textarea.value = "";
    },
    getResponse: (id) => widgets[id]?.response ?? "",
  };
  const onload = new URL(document.currentScript.src).searchParams.get("onload");
  if (onload) window[onload]?.();
})();
`;
}

/** The invisible widget's frame: it mints a token when the page executes the widget. */
function anchorPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>reCAPTCHA stand-in</title></head>
<body style="margin:0;font:12px sans-serif">
<p>Protected by the local reCAPTCHA stand-in</p>
<script>
  const site = new URLSearchParams(location.search).get("co");
  window.addEventListener("message", async (event) => {
    if (event.origin !== site || event.source !== parent || event.data?.type !== ${JSON.stringify(EXECUTE)}) return;
    try {
      const answer = await fetch(${JSON.stringify(TOKEN_PATH)}, { method: "POST" });
      if (!answer.ok) throw new Error(await answer.text());
      const { token } = await answer.json();
      parent.postMessage({ type: ${JSON.stringify(TOKEN)}, token }, site);
    } catch {
      parent.postMessage({ type: ${JSON.stringify(FAILED)} }, site);
    }
  });
</script>
</body></html>
`;
}

export function recaptchaStandInRoutes({ tokens }: { tokens: RecaptchaTokens }): Route[] {
  return [
    {
      path: RECAPTCHA_SCRIPT_PATH,
      methods: {
        GET: ({ request, response }) =>
          reply(response, 200, apiScript(`http://${request.headers.host}`), {
            "Content-Type": "text/javascript; charset=utf-8",
            "Cache-Control": "no-store",
          }),
      },
    },
    {
      path: ANCHOR_PATH,
      methods: {
        GET: ({ response }) =>
          reply(response, 200, anchorPage(), { "Content-Type": "text/html; charset=utf-8" }),
      },
    },
    {
      path: TOKEN_PATH,
      methods: { POST: ({ response }) => replyJson(response, 200, { token: tokens.issue() }) },
    },
  ];
}
