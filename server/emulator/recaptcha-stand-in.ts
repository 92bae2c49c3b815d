/**
 * A local stand-in for Google's reCAPTCHA v2 invisible, so a build with VITE_RECAPTCHA_SITE_KEY runs
 * end to end without the internet (VITE_RECAPTCHA_ORIGIN points at the emulator). It plays the part
 * of grecaptcha the site uses (render with size "invisible" and its callbacks, execute, reset,
 * getResponse) the way Google's widget works: api.js renders an iframe from the check's origin (the
 * "anchor"), and that frame, not the page, asks for the token (from recaptcha-tokens.ts, which the
 * send check redeems) and posts it to the page. So the page's connect-src stays as it is, and its CSP
 * is tested with the frame-src a real build needs.
 *
 * Google may ask a visitor it doubts a question first, and so may the stand-in, when a test queued a
 * challenge (recaptcha-challenges.ts): as Google's api.js does, it shows a second frame (the
 * "bframe") in an element of its own at the end of the page, made visible (once that frame has
 * loaded) while the challenge is open and hidden again after, and calls nothing when the visitor closes it (the frame's Close, the
 * Escape key or a click beside it). The frame's Solve answers it. On demand the challenge expires
 * (expired-callback), Google reports an error (error-callback), or Google goes silent: the anchor
 * frame shows nothing and posts nothing, as when Google's request hangs or an extension blocks its
 * frame, and, if the test asked, answers with a token long after.
 */

import { HttpError, isPlainObject, readBody } from "./protocol";
import type { ChallengeSwitch } from "./recaptcha-challenges";
import type { RecaptchaTokens } from "./recaptcha-tokens";
import { reply, replyJson } from "./replies";
import type { Route } from "./routes";
import { RECAPTCHA_PARAM } from "./server-checks";

const RECAPTCHA_SCRIPT_PATH = "/recaptcha/api.js";
const ANCHOR_PATH = "/recaptcha/api2/anchor";
const CHALLENGE_PATH = "/recaptcha/api2/bframe";
const TOKEN_PATH = "/recaptcha/api2/token";
/** A token request's body is a few words: {"email": ...} or {"solved": true}. */
const TOKEN_BODY_LIMIT = 1024;

/** The messages between the page's script and the frames. */
const MESSAGE = {
  execute: "bulwark-stand-in:execute",
  token: "bulwark-stand-in:token",
  failed: "bulwark-stand-in:error",
  challenge: "bulwark-stand-in:challenge",
  expired: "bulwark-stand-in:expired",
  close: "bulwark-stand-in:close",
};

/** Runs in the page: window.grecaptcha, then the page's `onload` callback. */
function apiScript(origin: string): string {
  return `"use strict";
(() => {
  const origin = ${JSON.stringify(origin)};
  const MESSAGE = ${JSON.stringify(MESSAGE)};
  const widgets = [];
  function hideChallenge(widget) {
    Object.assign(widget.challenge.style, { visibility: "hidden", top: "-10000px" });
  }
  // Only once the challenge's frame has loaded: until then its window is the initial about:blank,
  // of the page's origin, and a message for the check's origin is dropped (with a console warning),
  // so the challenge would be shown without its question taking focus. A reset meanwhile (the turn
  // ended) shows nothing.
  function showChallenge(widget, plan) {
    const turn = widget.turn;
    widget.challengeLoaded.then(() => {
      if (turn !== widget.turn) return;
      Object.assign(widget.challenge.style, { visibility: "visible", top: window.scrollY + 40 + "px" });
      widget.bframe.contentWindow.postMessage({ type: MESSAGE.challenge, plan }, origin);
      widget.bframe.focus();
    });
  }
  window.addEventListener("message", (event) => {
    const widget = widgets.find(
      (each) => each.frame.contentWindow === event.source || each.bframe.contentWindow === event.source,
    );
    if (!widget || event.origin !== origin) return;
    const type = event.data?.type;
    if (type === MESSAGE.challenge) return showChallenge(widget, event.data.plan);
    if (type === MESSAGE.close) return hideChallenge(widget);
    if (type === MESSAGE.expired) {
      hideChallenge(widget);
      return widget.parameters["expired-callback"]?.();
    }
    if (type === MESSAGE.failed) {
      hideChallenge(widget);
      return widget.parameters["error-callback"]?.();
    }
    if (type !== MESSAGE.token) return;
    widget.response = event.data.token;
    widget.textarea.value = event.data.token;
    widget.parameters.callback?.(event.data.token);
    hideChallenge(widget);
  });
  function frame(path, query, title) {
    const element = document.createElement("iframe");
    element.src = origin + path + "?" + query;
    element.title = title;
    return element;
  }
  window.grecaptcha = {
    render(container, parameters) {
      if (parameters.size !== "invisible") throw new Error("The stand-in plays the invisible widget only.");
      const query = new URLSearchParams({ k: parameters.sitekey, co: location.origin, size: "invisible" });
      const anchor = frame(${JSON.stringify(ANCHOR_PATH)}, query, "reCAPTCHA");
      anchor.width = "256";
      anchor.height = "60";
      anchor.setAttribute("role", "presentation");
      const textarea = document.createElement("textarea");
      textarea.name = ${JSON.stringify(RECAPTCHA_PARAM)};
      textarea.style.display = "none";
      const loaded = new Promise((resolve) => anchor.addEventListener("load", resolve, { once: true }));
      container.append(anchor, textarea);
      // Google's challenge element: a veil over the page (a click on it closes the challenge) and the
      // challenge's frame, hidden until a challenge is shown.
      const challenge = document.createElement("div");
      Object.assign(challenge.style, { visibility: "hidden", position: "absolute", top: "-10000px", left: "0", right: "0", zIndex: "2000000000" });
      const veil = document.createElement("div");
      Object.assign(veil.style, { position: "fixed", inset: "0", background: "#fff", opacity: "0.5" });
      const bframe = frame(${JSON.stringify(CHALLENGE_PATH)}, query, "recaptcha challenge expires in two minutes");
      Object.assign(bframe.style, { position: "relative", display: "block", margin: "0 auto", width: "min(400px, 100%)", height: "300px", border: "1px solid #ccc", background: "#fff" });
      const challengeLoaded = new Promise((resolve) => bframe.addEventListener("load", resolve, { once: true }));
      const widget = { frame: anchor, bframe, challenge, textarea, parameters, loaded, challengeLoaded, turn: 0, response: "" };
      veil.addEventListener("click", () => hideChallenge(widget));
      challenge.append(veil, bframe);
      document.body.append(challenge);
      widgets.push(widget);
      return widgets.length - 1;
    },
    execute(id) {
      const widget = widgets[id];
      // What Google's risk analysis reads of the page, as far as a test needs: the address typed.
      const email = document.querySelector('input[type="email"]')?.value ?? "";
      widget.loaded.then(() => widget.frame.contentWindow.postMessage({ type: MESSAGE.execute, email }, origin));
    },
    reset(id) {
      const widget = widgets[id];
      widget.turn += 1;
      widget.response = "";
      widget.textarea.value = "";
      hideChallenge(widget);
    },
    getResponse: (id) => widgets[id]?.response ?? "",
  };
  const onload = new URL(document.currentScript.src).searchParams.get("onload");
  if (onload) window[onload]?.();
})();
`;
}

/** The invisible widget's frame: on execute, a token, or the plan of a challenge to show first. */
function anchorPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>reCAPTCHA stand-in</title></head>
<body style="margin:0;font:12px sans-serif">
<p>Protected by the local reCAPTCHA stand-in</p>
<script>
  const MESSAGE = ${JSON.stringify(MESSAGE)};
  const site = new URLSearchParams(location.search).get("co");
  async function ask(body) {
    const answer = await fetch(${JSON.stringify(TOKEN_PATH)}, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(await answer.text());
    return answer.json();
  }
  window.addEventListener("message", async (event) => {
    if (event.origin !== site || event.source !== parent || event.data?.type !== MESSAGE.execute) return;
    try {
      const { token, challenge } = await ask({ email: String(event.data.email ?? "") });
      if (challenge?.ends === "silent") {
        // Google's request hangs: the page hears nothing, or, if asked, a token long after.
        if (challenge.afterMs === undefined) return;
        await new Promise((done) => setTimeout(done, challenge.afterMs));
        const late = await ask({ solved: true });
        parent.postMessage({ type: MESSAGE.token, token: late.token }, site);
      } else if (challenge?.ends === "error") parent.postMessage({ type: MESSAGE.failed }, site);
      else if (challenge) parent.postMessage({ type: MESSAGE.challenge, plan: challenge }, site);
      else parent.postMessage({ type: MESSAGE.token, token }, site);
    } catch {
      parent.postMessage({ type: MESSAGE.failed }, site);
    }
  });
</script>
</body></html>
`;
}

/** The challenge's frame: a question with Solve and Close, keyboard first. */
function challengePage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>reCAPTCHA challenge stand-in</title>
<style>
  body { margin: 0; padding: 16px; font: 16px sans-serif; color: #111; background: #fff; }
  button { font: inherit; margin: 8px 8px 0 0; padding: 8px 16px; }
  button:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
</style></head>
<body>
<h1 style="font-size:18px;margin:0 0 8px">Select all squares with traffic lights</h1>
<p style="margin:0">The local stand-in for Google's challenge.</p>
<button type="button" id="solve">Solve</button>
<button type="button" id="close">Close</button>
<script>
  const MESSAGE = ${JSON.stringify(MESSAGE)};
  const site = new URLSearchParams(location.search).get("co");
  let timer;
  const tell = (message) => parent.postMessage(message, site);
  async function solve() {
    clearTimeout(timer);
    try {
      const answer = await fetch(${JSON.stringify(TOKEN_PATH)}, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ solved: true }),
      });
      if (!answer.ok) throw new Error(await answer.text());
      tell({ type: MESSAGE.token, token: (await answer.json()).token });
    } catch {
      tell({ type: MESSAGE.failed });
    }
  }
  function close() {
    clearTimeout(timer);
    tell({ type: MESSAGE.close });
  }
  document.getElementById("solve").addEventListener("click", solve);
  document.getElementById("close").addEventListener("click", close);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });
  window.addEventListener("message", (event) => {
    if (event.origin !== site || event.source !== parent || event.data?.type !== MESSAGE.challenge) return;
    const plan = event.data.plan ?? {};
    document.getElementById("solve").focus();
    if (plan.ends === "expired") {
      timer = setTimeout(() => tell({ type: MESSAGE.expired }), plan.afterMs ?? 0);
    } else if (plan.afterMs !== undefined) {
      timer = setTimeout(solve, plan.afterMs);
    }
  });
</script>
</body></html>
`;
}

/**
 * A token request from the stand-in's frames: the address the page holds, or a solved challenge
 * (also what a silent Google's late answer asks for: a token, with no challenge taken).
 */
function parseTokenRequest(body: Buffer): { email: string; solved: boolean } {
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8") || "{}");
  } catch {
    throw new HttpError(400, 'A token request is JSON: {"email": ...} or {"solved": true}.');
  }
  if (!isPlainObject(value)) throw new HttpError(400, "A token request is a JSON object.");
  return {
    email: typeof value.email === "string" ? value.email : "",
    solved: value.solved === true,
  };
}

export function recaptchaStandInRoutes({
  tokens,
  challenges,
}: {
  tokens: RecaptchaTokens;
  challenges: ChallengeSwitch;
}): Route[] {
  const html = { "Content-Type": "text/html; charset=utf-8" };
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
      methods: { GET: ({ response }) => reply(response, 200, anchorPage(), html) },
    },
    {
      path: CHALLENGE_PATH,
      methods: { GET: ({ response }) => reply(response, 200, challengePage(), html) },
    },
    {
      path: TOKEN_PATH,
      methods: {
        POST: async ({ request, response }) => {
          const { email, solved } = parseTokenRequest(await readBody(request, TOKEN_BODY_LIMIT));
          const challenge = solved ? undefined : challenges.take(email);
          if (challenge) replyJson(response, 200, { challenge });
          else replyJson(response, 200, { token: tokens.issue() });
        },
      },
    },
  ];
}
