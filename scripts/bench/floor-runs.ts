/**
 * The runs judged against floors, 4x CPU, in interleaved rounds so a noisy minute hurts each side
 * alike: how soon the form is React's on the site (in the default build and with the field signals
 * on) and on the React floor, and the main thread's work before first paint on the site and on the
 * bare page. Used by scripts/bench/run.ts.
 */
import { type FormLive, formLiveOnce } from "./form-live";
import { measurePaintWork, type PaintWork } from "./paint-work";

export type FloorRuns = {
  siteFormLive: FormLive[];
  withSignalsFormLive: FormLive[];
  floorFormLive: FormLive[];
  sitePaintWork: PaintWork[];
  barePaintWork: PaintWork[];
};

const ms = (value: number) => `${Math.round(value)} ms`;

/** `runs` rounds, each: form live on the site, with the signals and on the floor; the site's and the bare page's traces. */
export async function measureAgainstFloors(
  urls: { site: string; withSignals: string; reactFloor: string; bare: string },
  runs: number,
): Promise<FloorRuns> {
  const measured: FloorRuns = {
    siteFormLive: [],
    withSignalsFormLive: [],
    floorFormLive: [],
    sitePaintWork: [],
    barePaintWork: [],
  };
  for (let round = 1; round <= runs; round++) {
    const site = await formLiveOnce(urls.site, false);
    const withSignals = await formLiveOnce(urls.withSignals, false);
    const floor = await formLiveOnce(urls.reactFloor, false);
    const siteWork = await measurePaintWork(urls.site);
    const bareWork = await measurePaintWork(urls.bare);
    measured.siteFormLive.push(site);
    measured.withSignalsFormLive.push(withSignals);
    measured.floorFormLive.push(floor);
    measured.sitePaintWork.push(siteWork);
    measured.barePaintWork.push(bareWork);
    console.log(
      `floors round ${round}: form live after FCP ${ms(site.formLive - site.fcp)} (signals on ${ms(withSignals.formLive - withSignals.fcp)}, React floor ${ms(floor.formLive - floor.fcp)}); work before FCP ${ms(siteWork.total)} (bare ${ms(bareWork.total)})`,
    );
  }
  return measured;
}
