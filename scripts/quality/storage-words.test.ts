/**
 * What the site says it keeps in the browser, read against what the code keeps: the privacy
 * notice's "Kept in your browser" and docs/behaviour.md's "What the browser keeps" name each
 * keeping in the days the records count (src/waitlist/core/signup-record.ts) and the database the
 * site writes (src/waitlist/browser/signup-table.ts); the browser tests read the storage itself
 * (tests/e2e/waitlist/delivery.spec.ts, "what the browser keeps"). Run with the unit tests.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { privacyNotice } from "../../src/content/privacy";
import { DATABASE, RECORDS } from "../../src/waitlist/browser/signup-table";
import { DAY_MS, DELIVERED_KEEP_MS, PENDING_KEEP_MS } from "../../src/waitlist/core/signup-record";

const root = resolve(import.meta.dirname, "../..");
const pendingDays = `${PENDING_KEEP_MS / DAY_MS} days`;
const deliveredDays = `${DELIVERED_KEEP_MS / DAY_MS} days`;

/** The notice's sentences, one by one. */
const notice = privacyNotice.device.text.split(/(?<=\.) /);

/** docs/behaviour.md from "What the browser keeps" to the next section of its level. */
function keptSection(): string {
  const doc = readFileSync(resolve(root, "docs/behaviour.md"), "utf8");
  const start = doc.indexOf("### What the browser keeps");
  return doc.slice(start, doc.indexOf("\n### ", start + 1));
}

describe("the notice's words on what the browser keeps", () => {
  it("gives the pending address's keeping in the records' days, counted from a day, and where", () => {
    expect(notice[0]).toContain(`for ${pendingDays} from the day you last sent it`);
    expect(notice[0]).toContain(`this site's database ("${DATABASE}")`);
  });

  it("says a failed address waits in the form for whoever uses the browser, and how to clear it", () => {
    expect(notice[1]).toMatch(/fails, it waits in the form/);
    expect(notice[1]).toMatch(/shared computer send it or clear this site's data/);
  });

  it("gives the hash's keeping in the records' days, and that the day is kept, not the time", () => {
    expect(notice[2]).toContain(`keyed hash of it and the day it was sent, for ${deliveredDays}`);
  });

  it("says the hash confirms a guess to someone using this browser", () => {
    expect(notice[2]).toMatch(/someone using this browser who guesses your address could check/);
  });

  it("says removal waits for the next visit", () => {
    expect(notice[3]).toMatch(/removed the next time you open this site/);
    expect(notice).toHaveLength(4);
  });
});

describe("docs/behaviour.md on what the browser keeps", () => {
  const section = keptSection();

  it("gives each keeping in the records' days", () => {
    expect(section).toContain(`${pendingDays} from the day of its last submit`);
    expect(section).toContain(`for ${deliveredDays} from the day of its delivery`);
  });

  it.each([DATABASE, RECORDS])("names %s, where the records are kept", (name) => {
    expect(section).toContain(`\`${name}\``);
  });
});
