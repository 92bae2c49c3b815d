/**
 * `npm run dev` for the dev-mode check, with only the test run's settings: its ports and outbox
 * from E2E_PORT_BASE and the ids of .env.emulator, none from the shell. The e2e stack
 * (test-stack.ts) runs it in a process of its own, while its sites build, when a run picks the check.
 */
import { startDevServer } from "../../../scripts/local/dev";
import { runStackScript } from "../../support/run-stack";
import { E2E_DEV_EMULATOR_PORT, E2E_DEV_SITE_URL, E2E_WORK_DIR } from "./stack-ports";
import { STACK_BUILD_ENV, setOnlyExplicitSettings } from "./stack-settings";

setOnlyExplicitSettings({
  ...STACK_BUILD_ENV,
  SITE_URL: E2E_DEV_SITE_URL,
  PORT: new URL(E2E_DEV_SITE_URL).port,
  EMULATOR_PORT: String(E2E_DEV_EMULATOR_PORT),
  // Beside the e2e stack's folder, which that stack empties as it starts.
  EMULATOR_OUTBOX: `${E2E_WORK_DIR}-dev/outbox.jsonl`,
});
// The dev server points the site at its emulator itself (scripts/local/local-stack.ts).
delete process.env.VITE_EMAILJS_ORIGIN;
await runStackScript(import.meta.url, async (hold) => {
  hold((await startDevServer()).close);
});
