/**
 * The runs judged against floors, 4x CPU, in interleaved rounds so a noisy minute hurts each side
 * alike: how soon the form is React's on the site (in the default build and with the field signals
 * on) and on the React floor, how long an input during start-up waits for its next paint on the
 * site and on the floor, and the main thread's work before first paint on the site and on the bare
 * page (printed, not judged). Used by scripts/bench/run.ts.
 */
import { type FormLive, formLiveOnce } from "./form-live";
import { measurePaintWork, type PaintWork } from "./paint-work";
import { fieldCenter, type StartUpInput, startUpInputOnce } from "./start-up-input";

export type FloorRuns = {
  siteFormLive: FormLive[];
  withSignalsFormLive: FormLive[];
  floorFormLive: FormLive[];
  siteInput: StartUpInput[];
  floorInput: StartUpInput[];
  sitePaintWork: PaintWork[];
  barePaintWork: PaintWork[];
};

const ms = (value: number) => `${Math.round(value)} ms`;

/**
 * `runs` rounds, each: form live on the site, with the signals and on the floor; the inputs during
 * start-up on the site and on the floor; the site's and the bare page's traces.
 */
export async function measureAgainstFloors(
  urls: { site: string; withSignals: string; reactFloor: string; bare: string },
  runs: number,
): Promise<FloorRuns> {
  const measured: FloorRuns = {
    siteFormLive: [],
    withSignalsFormLive: [],
    floorFormLive: [],
    siteInput: [],
    floorInput: [],
    sitePaintWork: [],
    barePaintWork: [],
  };
  const siteField = await fieldCenter(urls.site);
  const floorField = await fieldCenter(urls.reactFloor);
  for (let round = 1; round <= runs; round++) {
    const site = await formLiveOnce(urls.site, false);
    const withSignals = await formLiveOnce(urls.withSignals, false);
    const floor = await formLiveOnce(urls.reactFloor, false);
    const siteInput = await startUpInputOnce(urls.site, siteField);
    const floorInput = await startUpInputOnce(urls.reactFloor, floorField);
    const siteWork = await measurePaintWork(urls.site);
    const bareWork = await measurePaintWork(urls.bare);
    measured.siteFormLive.push(site);
    measured.withSignalsFormLive.push(withSignals);
    measured.floorFormLive.push(floor);
    measured.siteInput.push(siteInput);
    measured.floorInput.push(floorInput);
    measured.sitePaintWork.push(siteWork);
    measured.barePaintWork.push(bareWork);
    console.log(
      `floors round ${round}: form live ${ms(site.formLive)} from navigation (signals on ${ms(withSignals.formLive)}, React floor ${ms(floor.formLive)}); longest input ${ms(siteInput.longest)} (React floor ${ms(floorInput.longest)}); work before FCP ${ms(siteWork.total)} (bare ${ms(bareWork.total)})`,
    );
  }
  return measured;
}
