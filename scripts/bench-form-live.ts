/**
 * How soon the landing page's form answers a submit itself: the time from navigation to the app's
 * "bulwark:form-live" mark, beside first contentful paint, in Chromium with Lighthouse's mobile
 * throttling applied: 4x CPU, and optionally its slow 4G. Lighthouse simulates throttling, which
 * user timings do not see, so this is measured apart. Used by scripts/bench.ts.
 */
import { chromium } from "@playwright/test";
import { throttling } from "lighthouse/core/config/constants.js";
import { CHROMIUM_ARGS, chromiumExecutable } from "../tests/e2e/browser";

const FORM_LIVE_MARK = "bulwark:form-live";
const KBIT = 1024 / 8;

export type FormLive = { fcp: number; formLive: number };

async function once(url: string, slowNetwork: boolean): Promise<FormLive> {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const cdp = await page.context().newCDPSession(page);
    const mobile = throttling.mobileSlow4G;
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: mobile.cpuSlowdownMultiplier });
    if (slowNetwork) {
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: mobile.requestLatencyMs,
        downloadThroughput: mobile.downloadThroughputKbps * KBIT,
        uploadThroughput: mobile.uploadThroughputKbps * KBIT,
      });
    }
    await page.goto(url);
    const mark = await page.waitForFunction(
      (name) => performance.getEntriesByName(name)[0]?.startTime,
      FORM_LIVE_MARK,
    );
    const formLive = Number(await mark.jsonValue());
    const fcp = await page.evaluate(
      () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    );
    return { fcp, formLive };
  } finally {
    await browser.close();
  }
}

/** `runs` fresh browsers, one after the other. */
export async function measureFormLive(
  url: string,
  runs: number,
  { slowNetwork }: { slowNetwork: boolean },
): Promise<FormLive[]> {
  const results: FormLive[] = [];
  for (let run = 0; run < runs; run++) results.push(await once(url, slowNetwork));
  return results;
}
