/** The kit's template (its README.md): a cause that changes from try to try, on a stopped clock. */
import { expectStillSending, runClockToSuccess, runClockToWaiting } from "../support/clock-runs";
import { expect, test } from "../support/fixtures";
import { uniqueEmail } from "../support/guards";
import { recordLiveRegions } from "../support/live-regions";
import { submitWithFault } from "../support/submit-with-fault";
import { expectSuccessShown } from "../support/tab-records";
import { WAITING } from "../support/words";

test("HTTP 503, 503, then 429: each cause said once, in its own words; one email", async ({
  page,
  emulator,
  failingSend: { failureLogs, requests }, // its console lines allowed; one request per try
}) => {
  const address = uniqueEmail("cause-by-cause"); // no request URL may carry it
  const live = recordLiveRegions(page); // what a screen reader hears, from the page's first byte
  const faults = [{ status: 503, count: 2 }, { status: 429 }]; // met in this order, then success
  await submitWithFault(page, { emulator, address, faults, clock: "paused" }); // time stands still
  await expectStillSending(page, WAITING.trouble); // said at the first refusal, before any wait
  await runClockToWaiting(page, requests, WAITING.crowd); // stops mid-run, where the cause changed
  expect(requests.count()).toBe(3);
  await runClockToSuccess(page, requests); // within the retry budget: three retries always fit
  await expectSuccessShown(page);
  expect(await live.waits()).toEqual([WAITING.trouble, WAITING.crowd]); // each cause once
  expect(requests.count()).toBe(4);
  expect(await emulator.outbox(address)).toHaveLength(1);
  expect(failureLogs).toEqual([]);
});
