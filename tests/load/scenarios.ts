/**
 * The launch-day scenarios `npm run test:load` plays against an emulator with EmailJS's limits on
 * (docs/capacity.md). Each names its crowd, the emulator's limits and what must hold.
 */

export type Scenario = {
  name: string;
  /** Simulated visitors, spread evenly at random over `arrivalMs`. */
  visitors: number;
  arrivalMs: number;
  /** How many of them use a real page in Chromium instead (on the one built site). */
  inBrowser: number;
  /** Sends the emulator accepts per second, account-wide. */
  ratePerSecond: number;
  /** Sends it accepts in all before refusing as over quota. */
  quota?: number;
  /** From the start, every send is answered 503 for this long. */
  outageMs?: number;
  /** The bars; none for the scenario that only reports. */
  expect: {
    /** Every visitor delivered, and within this many seconds of the first arrival. */
    allDeliveredWithinS?: number;
    noneTold?: boolean;
  };
};

export const scenarios: Scenario[] = [
  {
    name: "burst",
    visitors: 60,
    arrivalMs: 10_000,
    inBrowser: 3,
    ratePerSecond: 1,
    expect: { allDeliveredWithinS: 90, noneTold: true },
  },
  {
    name: "outage",
    visitors: 20,
    arrivalMs: 10_000,
    inBrowser: 0,
    ratePerSecond: 1,
    outageMs: 30_000,
    expect: { allDeliveredWithinS: 120 },
  },
  {
    name: "quota spent",
    visitors: 30,
    arrivalMs: 10_000,
    inBrowser: 0,
    ratePerSecond: 1,
    quota: 10,
    expect: {},
  },
  {
    name: "over capacity",
    visitors: 240,
    arrivalMs: 120_000,
    inBrowser: 0,
    ratePerSecond: 1,
    expect: {},
  },
];
