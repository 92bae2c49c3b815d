/**
 * The inbox's Funnel view (/inbox/funnel): the site's signup funnel from the analytics events the
 * emulator received (funnel.ts), as plain HTML under the inbox's stylesheet and policy: no script.
 * A person may have it reload itself while events arrive (`?live=on`); it never does unasked, as a
 * page that reloads on its own loses a screen reader's place (WCAG 2.2.1).
 */
import { escapeMarkup } from "../../src/lib/escape-markup";
import { type Funnel, formatPercent, NOT_FOUND_TITLE, type Tally } from "./funnel";
import { FUNNEL_PATH, INBOX_STYLESHEET_PATH, viewsNav } from "./inbox-page";
import { EVENT_PATH } from "./plausible";

/** How often the live view reloads: events of a person clicking through arrive seconds apart. */
const LIVE_REFRESH_SECONDS = 3;

type TallyTable = { id: string; title: string; label: string; unit: string; tallies: Tally[] };

function tallySection({ id, title, label, unit, tallies }: TallyTable): string {
  const body =
    tallies.length === 0
      ? "<p>None.</p>"
      : `<table aria-labelledby="${id}"><thead><tr><th scope="col">${label}</th>` +
        `<th scope="col" class="count">${unit}</th></tr></thead><tbody>` +
        tallies
          .map(
            ({ label: name, count }) =>
              `<tr><td>${escapeMarkup(name)}</td><td class="count">${count}</td></tr>`,
          )
          .join("") +
        "</tbody></table>";
  return `<section aria-labelledby="${id}"><h2 id="${id}">${title}</h2>${body}</section>`;
}

function figures(result: Funnel): string {
  const rows: [string, string][] = [
    ["Visits", String(result.visits)],
    ["Form starts", String(result.formStarts)],
    ["Signups", String(result.signups)],
    ["Conversion", formatPercent(result.conversion)],
    ["Kept for later", String(result.kept)],
    ["Typo hints shown", String(result.hintsShown)],
    ["Typo hints taken", String(result.hintsTaken)],
  ];
  const list = rows.map(([name, value]) => `<div><dt>${name}</dt><dd>${value}</dd></div>`);
  return (
    '<section aria-labelledby="funnel-figures"><h2 id="funnel-figures">From visit to signup</h2>' +
    `<dl class="figures" aria-labelledby="funnel-figures">${list.join("")}</dl></section>`
  );
}

function refreshNote(live: boolean): string {
  return live
    ? `Reloading every ${LIVE_REFRESH_SECONDS} s as events arrive. <a href="${FUNNEL_PATH}">Stop reloading</a>`
    : `<a href="${FUNNEL_PATH}">Refresh</a> · <a href="${FUNNEL_PATH}?live=on">Reload every ${LIVE_REFRESH_SECONDS} s</a>`;
}

/** The Funnel view of `result`, counted from `eventCount` events (engagement ones included). */
export function funnelPage(result: Funnel, eventCount: number, live: boolean): string {
  const events = `${eventCount} ${eventCount === 1 ? "event" : "events"}`;
  const source =
    eventCount === 0
      ? `No events yet: a local build with analytics on (<code>VITE_PLAUSIBLE_DOMAIN</code>) sends them to this emulator's <code>${EVENT_PATH}</code>.`
      : `From the ${events} the site sent this emulator's <code>${EVENT_PATH}</code>, engagement not counted.`;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    live ? `<meta http-equiv="refresh" content="${LIVE_REFRESH_SECONDS}">` : "",
    "<title>Funnel | local EmailJS emulator</title>",
    `<link rel="stylesheet" href="${INBOX_STYLESHEET_PATH}"></head><body>`,
    `<header><h1>Funnel</h1>${viewsNav("funnel")}`,
    `<p>The site's signup funnel as Plausible would count it. ${source} ${refreshNote(live)}</p></header>`,
    '<main class="funnel">',
    figures(result),
    tallySection({
      id: "funnel-failures",
      title: "Failures by cause",
      label: "Cause",
      unit: "Failures",
      tallies: result.failures,
    }),
    tallySection({
      id: "funnel-sources",
      title: "Top sources",
      label: "Source",
      unit: "Visits",
      tallies: result.sources,
    }),
    tallySection({
      id: "funnel-not-found",
      title: NOT_FOUND_TITLE,
      label: "Came from",
      unit: "Views",
      tallies: result.notFound,
    }),
    "</main></body></html>",
  ].join("");
}
