/**
 * `npm run abuse`: the subscription-bombing script measured (docs/security.md, "Abuse of the
 * confirmation"). A scripted caller skips the page and posts straight to an emulator with the
 * site's public key and 100 victims' addresses, once per protection of EmailJS's (none, each alone,
 * all together), as three kinds of caller; it prints how many sends were accepted, and so how many
 * confirmations went out and how many emails of the quota they burnt (two a signup: the team's
 * notification and the visitor's auto-reply). Seconds, on one emulator with its own outbox.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type EmulatorControls, emulatorControls } from "../../server/emulator/client";
import { SEND_PATH } from "../../server/emulator/protocol";
import { startEmulator } from "../../server/emulator/server";
import type { ServerChecks } from "../../server/emulator/server-checks";

/** The site's origin as the dashboard's allowed origins list it, www host included. */
const SITE_ORIGINS = ["https://bulwark.example", "https://www.bulwark.example"];
/** Each signup EmailJS accepts sends two emails: the notification and the auto-reply. */
const EMAILS_PER_SIGNUP = 2;
/** Sends in flight at once: a script is limited by nothing but the service. */
const CONCURRENCY = 10;

export const PROTECTIONS: readonly { name: string; checks: ServerChecks }[] = [
  { name: "None", checks: {} },
  { name: "Allowed origins", checks: { allowedOrigins: SITE_ORIGINS } },
  { name: "Non-browser calls refused", checks: { refuseNonBrowser: true } },
  { name: "reCAPTCHA on the template", checks: { recaptcha: true } },
  {
    name: "All three",
    checks: { allowedOrigins: SITE_ORIGINS, refuseNonBrowser: true, recaptcha: true },
  },
];

type Caller = {
  name: string;
  /** The headers the script adds to each send. */
  origin?: string;
  /** A token the script got by passing one challenge itself, replayed on every send. */
  replaysToken?: boolean;
};

export const CALLERS: readonly Caller[] = [
  { name: "Script, no Origin" },
  { name: "Script faking the site's Origin", origin: SITE_ORIGINS[0] },
  {
    name: "Same, replaying one solved reCAPTCHA token",
    origin: SITE_ORIGINS[0],
    replaysToken: true,
  },
];

export type AbuseRow = { protection: string; accepted: number[] };

type Ids = { publicKey: string; serviceId: string; templateId: string };

async function runCaller(
  url: string,
  ids: Ids,
  caller: Caller,
  victims: readonly string[],
  controls: EmulatorControls,
) {
  const token = caller.replaysToken ? await controls.recaptchaToken() : undefined;
  let accepted = 0;
  const queue = [...victims];
  const worker = async () => {
    for (let email = queue.shift(); email !== undefined; email = queue.shift()) {
      const response = await fetch(`${url}${SEND_PATH}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(caller.origin ? { Origin: caller.origin } : {}),
        },
        body: JSON.stringify({
          user_id: ids.publicKey,
          service_id: ids.serviceId,
          template_id: ids.templateId,
          template_params: { email, ...(token ? { "g-recaptcha-response": token } : {}) },
        }),
      });
      await response.arrayBuffer();
      if (response.ok) accepted += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return accepted;
}

/** Every protection against every caller, `victims` addresses each; one emulator, checks switched between. */
export async function measureAbuse(victimCount = 100): Promise<AbuseRow[]> {
  const dir = await mkdtemp(join(tmpdir(), "abuse-"));
  const ids: Ids = {
    publicKey: "abuse-public-key",
    serviceId: "service_abuse",
    templateId: "template_abuse",
  };
  const emulator = await startEmulator({
    port: 0,
    outboxPath: join(dir, "emails.jsonl"),
    ...ids,
    log: () => {},
  });
  const controls = emulatorControls(emulator.url);
  const victims = Array.from(
    { length: victimCount },
    (_, index) => `victim-${String(index + 1).padStart(3, "0")}@example.com`,
  );
  try {
    const rows: AbuseRow[] = [];
    for (const { name, checks } of PROTECTIONS) {
      await controls.clearChecks();
      await controls.checks(checks);
      const accepted: number[] = [];
      for (const caller of CALLERS) {
        accepted.push(await runCaller(emulator.url, ids, caller, victims, controls));
      }
      rows.push({ protection: name, accepted });
    }
    return rows;
  } finally {
    await emulator.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The table as docs/security.md shows it: confirmations sent (emails of the quota burnt). */
export function formatAbuseTable(rows: readonly AbuseRow[], victimCount: number): string {
  const cell = (accepted: number) => `${accepted} (${accepted * EMAILS_PER_SIGNUP})`;
  return [
    `| Protection (${victimCount} victims) | ${CALLERS.map((caller) => caller.name).join(" | ")} |`,
    `|---|${CALLERS.map(() => "---|").join("")}`,
    ...rows.map((row) => `| ${row.protection} | ${row.accepted.map(cell).join(" | ")} |`),
  ].join("\n");
}

async function main() {
  const victimCount = 100;
  const started = performance.now();
  const rows = await measureAbuse(victimCount);
  console.log(
    "Confirmations a scripted caller got sent to victims (emails of the quota burnt, 2 a signup):\n",
  );
  console.log(formatAbuseTable(rows, victimCount));
  console.log(`\nabuse: measured in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await main();
}
