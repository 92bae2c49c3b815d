/**
 * The runs judged against floors, 4x CPU, in interleaved rounds so a noisy minute hurts each side
 * alike: how soon the form is React's on the site (in the default build and with the field signals
 * on), on the same-page floor (the bar's) and on the React floor (a printed reference), how long an
 * input during start-up waits for its next paint on the site and on both floors, and the main
 * thread's work before first paint on the site and on the bare page (printed, not judged). Used by
 * scripts/bench/run.ts.
 */
import { type FormLive, formLiveOnce } from "./form-live";
import { measurePaintWork, type PaintWork } from "./paint-work";
import { checkHydration } from "./same-page-floor";
import { fieldCenter, type StartUpInput, startUpInputOnce } from "./start-up-input";

export type FloorRuns = {
  siteFormLive: FormLive[];
  withSignalsFormLive: FormLive[];
  samePageFloorFormLive: FormLive[];
  reactFloorFormLive: FormLive[];
  siteInput: StartUpInput[];
  samePageFloorInput: StartUpInput[];
  reactFloorInput: StartUpInput[];
  sitePaintWork: PaintWork[];
  barePaintWork: PaintWork[];
};

const ms = (value: number) => `${Math.round(value)} ms`;

/**
 * `runs` rounds, each: form live on the site, with the signals and on both floors; the inputs
 * during start-up on the site and on both floors; the site's and the bare page's traces. First,
 * the same-page floor is checked to hydrate the form as served.
 */
export async function measureAgainstFloors(
  urls: {
    site: string;
    withSignals: string;
    samePageFloor: string;
    reactFloor: string;
    bare: string;
  },
  runs: number,
): Promise<FloorRuns> {
  const measured: FloorRuns = {
    siteFormLive: [],
    withSignalsFormLive: [],
    samePageFloorFormLive: [],
    reactFloorFormLive: [],
    siteInput: [],
    samePageFloorInput: [],
    reactFloorInput: [],
    sitePaintWork: [],
    barePaintWork: [],
  };
  await checkHydration(urls.samePageFloor);
  const siteField = await fieldCenter(urls.site);
  const samePageField = await fieldCenter(urls.samePageFloor);
  const reactFloorField = await fieldCenter(urls.reactFloor);
  for (let round = 1; round <= runs; round++) {
    const site = await formLiveOnce(urls.site, false);
    const withSignals = await formLiveOnce(urls.withSignals, false);
    const samePage = await formLiveOnce(urls.samePageFloor, false);
    const reactFloor = await formLiveOnce(urls.reactFloor, false);
    const siteInput = await startUpInputOnce(urls.site, siteField);
    const samePageInput = await startUpInputOnce(urls.samePageFloor, samePageField);
    const reactFloorInput = await startUpInputOnce(urls.reactFloor, reactFloorField);
    const siteWork = await measurePaintWork(urls.site);
    const bareWork = await measurePaintWork(urls.bare);
    measured.siteFormLive.push(site);
    measured.withSignalsFormLive.push(withSignals);
    measured.samePageFloorFormLive.push(samePage);
    measured.reactFloorFormLive.push(reactFloor);
    measured.siteInput.push(siteInput);
    measured.samePageFloorInput.push(samePageInput);
    measured.reactFloorInput.push(reactFloorInput);
    measured.sitePaintWork.push(siteWork);
    measured.barePaintWork.push(bareWork);
    console.log(
      `floors round ${round}: form live ${ms(site.formLive)} from navigation (signals on ${ms(withSignals.formLive)}, same-page floor ${ms(samePage.formLive)}, React floor ${ms(reactFloor.formLive)}); longest input ${ms(siteInput.longest)} (same-page floor ${ms(samePageInput.longest)}, React floor ${ms(reactFloorInput.longest)}); work before FCP ${ms(siteWork.total)} (bare ${ms(bareWork.total)})`,
    );
  }
  return measured;
}
