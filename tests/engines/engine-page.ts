/**
 * What a journey may do with a browser, whatever drives it: puppeteer-core over WebDriver BiDi
 * (Firefox) or selenium-webdriver over classic WebDriver (WebKit). One journey file serves both.
 */
import type { ElementState, Query } from "./in-page";

export type EngineName = "firefox" | "webkit";

type Console = { problems: string[]; logs: string[] };

export type EnginePage = {
  readonly engine: EngineName;
  /**
   * Loads a URL and, unless `scriptsHeld`, waits until the app has hydrated. With `scriptsHeld`
   * the app's scripts are being held back by the script gate: it waits for the parsed document.
   */
  open(url: string, options?: { scriptsHeld?: boolean }): Promise<void>;
  url(): Promise<string>;
  hydrated(): Promise<boolean>;
  inspect(query: Query): Promise<ElementState | { count: 0 }>;
  isDisplayed(id: string): Promise<boolean>;
  click(query: Query): Promise<void>;
  /** Replaces the field's value by typing, as a visitor would. */
  fill(query: Query, text: string): Promise<void>;
  focus(query: Query): Promise<void>;
  press(key: "Enter" | "Escape"): Promise<void>;
  /**
   * Sizes the viewport and returns the width the page got: MiniBrowser's window cannot be made
   * narrower than its toolbar, about 447 px here.
   */
  setViewport(width: number, height: number): Promise<number>;
  /** Scrolls the window to `y` and returns the document's height. */
  scrollTo(y: number): Promise<number>;
  /** The viewport; with `fullPage`, the whole page where the engine's driver can (not WebKit). */
  screenshot(file: string, options?: { fullPage?: boolean }): Promise<boolean>;
  /**
   * The driver command still waiting for its answer, if any, and for how long (WebKit, whose
   * classic WebDriver commands have no time limit of their own).
   */
  pendingCommand?(): string | undefined;
  /** Problems (uncaught errors, console errors and warnings, CSP violations) and console logs so far. */
  console(): Promise<Console>;
  close(): Promise<void>;
};

export type Engine = {
  readonly name: EngineName;
  readonly version: string;
  newPage(): Promise<EnginePage>;
  close(): Promise<void>;
};
