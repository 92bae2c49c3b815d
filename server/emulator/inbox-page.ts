/**
 * The inbox page: the emails the emulator would have sent, newest first, each shown with its
 * headers and rendered in sandboxed frames at a phone's and a desktop's width, light or dark. Plain
 * HTML and one stylesheet: the page runs no script, and its CSP allows none.
 */
import { escapeMarkup } from "../../src/lib/escape-markup";
import type { OutboxEntry } from "./outbox";

export const INBOX_PREFIX = "/inbox";
export const INBOX_STYLESHEET_PATH = "/inbox/inbox.css";
/** The inbox's second view: the site's signup funnel, from the analytics events (funnel-page.ts). */
export const FUNNEL_PATH = "/inbox/funnel";

/** The widths an email is shown at: a common phone, and the usual 600 px desktop column. */
const PREVIEW_WIDTHS = [
  { name: "Phone", px: 375, height: 1700 },
  { name: "Desktop", px: 600, height: 1350 },
] as const;

export type Scheme = "light" | "dark";

/** Every answer in the inbox's area: its own resources only, no script, never framed elsewhere. */
export const inboxHeaders: Record<string, string> = {
  "Content-Security-Policy":
    "default-src 'none'; style-src 'self'; frame-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
  "Cross-Origin-Resource-Policy": "same-origin",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
};

/** One email of the outbox, with where the inbox finds it: `/inbox/<entry>/<template>`. */
export type InboxMessage = {
  entry: number;
  time: string;
  message: NonNullable<OutboxEntry["messages"]>[number];
};

function messagePath({ entry, message }: InboxMessage): string {
  return `${INBOX_PREFIX}/${entry}/${message.template}`;
}

/** An empty field is left to EmailJS, which fills in the account's or the service's address. */
function address(value: string, emailjsDefault: string): string {
  return value === "" ? `(empty: EmailJS uses ${emailjsDefault})` : value;
}

function headerList(item: InboxMessage): string {
  const { message } = item;
  const rows: [string, string][] = [
    ["From", `${message.fromName} (the EmailJS service's address)`],
    ["To", address(message.to, "the account's address")],
    ["Reply-To", address(message.replyTo, "the service's address")],
    ["Subject", message.subject],
    ["Date", item.time],
    ["Template", message.template],
  ];
  return rows
    .map(([name, value]) => `<div><dt>${name}</dt><dd>${escapeMarkup(value)}</dd></div>`)
    .join("");
}

function messageList(messages: readonly InboxMessage[], open: InboxMessage | undefined): string {
  if (messages.length === 0) {
    return "<p>No emails yet. Join the waitlist on the site, and the two emails it makes appear here.</p>";
  }
  const items = messages.map((item) => {
    const current = item === open ? ' aria-current="page"' : "";
    return (
      `<li><a href="${messagePath(item)}"${current}>` +
      `<span class="subject">${escapeMarkup(item.message.subject)}</span>` +
      `<span class="meta">To ${escapeMarkup(address(item.message.to, "the account's address"))} · ${escapeMarkup(item.time)}</span>` +
      "</a></li>"
    );
  });
  return `<ul>${items.join("")}</ul>`;
}

function preview(item: InboxMessage, scheme: Scheme): string {
  const schemes = (["light", "dark"] as const)
    .map((name) => {
      const current = name === scheme ? ' aria-current="true"' : "";
      const label = name === "light" ? "Light" : "Dark";
      return `<li><a href="${messagePath(item)}?scheme=${name}"${current}>${label}</a></li>`;
    })
    .join("");
  const frames = PREVIEW_WIDTHS.map(
    ({ name, px, height }) =>
      `<figure><figcaption>${name}, ${px} px, ${scheme}</figcaption>` +
      `<iframe sandbox="" src="${messagePath(item)}/html?scheme=${scheme}" width="${px}" height="${height}" ` +
      `title="${escapeMarkup(`${item.message.subject}: ${name.toLowerCase()} width, ${scheme}`)}"></iframe></figure>`,
  ).join("");
  return (
    `<article aria-labelledby="message-subject"><h2 id="message-subject">${escapeMarkup(item.message.subject)}</h2>` +
    `<dl aria-label="Headers">${headerList(item)}</dl>` +
    `<nav aria-label="Colour scheme"><ul class="schemes">${schemes}</ul></nav>` +
    `<div class="previews">${frames}</div></article>`
  );
}

/** The inbox's two views, the current one marked: the emails, and the funnel. */
export function viewsNav(current: "emails" | "funnel"): string {
  const views = [
    { name: "emails", label: "Emails", href: INBOX_PREFIX },
    { name: "funnel", label: "Funnel", href: FUNNEL_PATH },
  ] as const;
  const items = views.map(({ name, label, href }) => {
    const mark = name === current ? ' aria-current="page"' : "";
    return `<li><a href="${href}"${mark}>${label}</a></li>`;
  });
  return `<nav aria-label="Views"><ul class="views">${items.join("")}</ul></nav>`;
}

export function inboxPage(
  messages: readonly InboxMessage[],
  open: InboxMessage | undefined,
  scheme: Scheme,
): string {
  const count = `${messages.length} ${messages.length === 1 ? "email" : "emails"}`;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${open ? `${escapeMarkup(open.message.subject)} | ` : ""}Inbox | local EmailJS emulator</title>`,
    `<link rel="stylesheet" href="${INBOX_STYLESHEET_PATH}"></head><body>`,
    `<header><h1>Inbox</h1>${viewsNav("emails")}`,
    `<p>What EmailJS would have sent for the signups this emulator accepted: ${count}, newest first. <a href="${INBOX_PREFIX}">Refresh</a></p></header>`,
    `<div class="layout"><nav aria-label="Emails">${messageList(messages, open)}</nav>`,
    `<main>${open ? preview(open, scheme) : "<p>Choose an email to read it.</p>"}</main></div>`,
    "</body></html>",
  ].join("");
}

export const inboxStylesheet = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0; padding: 16px; }
h1 { margin: 0; font-size: 1.5rem; }
h2 { font-size: 1.25rem; margin: 0 0 8px; }
a { color: LinkText; }
.layout { display: flex; flex-wrap: wrap; gap: 24px; margin-top: 16px; }
.layout > nav { flex: 1 1 260px; max-width: 360px; }
.layout > nav ul { list-style: none; margin: 0; padding: 0; }
.layout > nav a { display: block; padding: 8px; border: 1px solid GrayText; border-radius: 6px; margin-bottom: 8px; text-decoration: none; }
.layout > nav a[aria-current] { outline: 3px solid Highlight; }
.subject { display: block; font-weight: 600; }
.meta { display: block; font-size: 0.875rem; overflow-wrap: anywhere; }
main { flex: 999 1 400px; min-width: 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 12px; }
dl div { display: contents; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
.schemes { display: flex; gap: 12px; list-style: none; padding: 0; }
.schemes a[aria-current] { font-weight: 700; }
.previews { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
figure { margin: 0; max-width: 100%; overflow-x: auto; }
iframe { display: block; border: 1px solid GrayText; }
a:focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
.views { display: flex; gap: 4px; list-style: none; margin: 8px 0; padding: 0; border-bottom: 1px solid GrayText; }
.views a { display: block; padding: 6px 14px; border: 1px solid transparent; border-bottom: none; border-radius: 6px 6px 0 0; text-decoration: none; }
.views a[aria-current] { border-color: GrayText; font-weight: 700; margin-bottom: -1px; background: Canvas; }
.funnel { display: flex; flex-wrap: wrap; gap: 16px 32px; align-items: flex-start; margin-top: 16px; }
.funnel section { flex: 1 1 260px; max-width: 420px; }
.funnel h2 { font-size: 1.125rem; }
.figures dd { text-align: right; font-variant-numeric: tabular-nums; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 4px 8px 4px 0; border-bottom: 1px solid GrayText; }
td { overflow-wrap: anywhere; }
th, td.count { white-space: nowrap; }
td.count, th.count { text-align: right; padding-right: 0; font-variant-numeric: tabular-nums; }
`;

/**
 * The email as the frame shows it, in one colour scheme whatever the browser's: a frame follows
 * the browser's preference, not the page's, so the email's dark rules are switched on or off here.
 */
export function emailInScheme(html: string, scheme: Scheme): string {
  return html.replaceAll(
    "@media (prefers-color-scheme: dark)",
    scheme === "dark" ? "@media all" : "@media not all",
  );
}

/** The email itself: sandboxed even when opened directly, inline styles only, no script. */
export const emailHeaders: Record<string, string> = {
  ...inboxHeaders,
  "Content-Security-Policy":
    "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'self'",
  "Content-Type": "text/html; charset=utf-8",
};
