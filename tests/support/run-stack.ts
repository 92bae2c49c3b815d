/**
 * The shell every test stack shares (the e2e stack, the hosts' stack, the dev server): it starts
 * the stack's parts one by one, closes those already up when a later one fails, and, run as the
 * script a Playwright config starts, closes them all on SIGINT or SIGTERM (Playwright's
 * gracefulShutdown) before it exits.
 */
import { pathToFileURL } from "node:url";

export type Stack = { close(): Promise<void> };
type Closer = () => Promise<unknown>;
/** Starts the parts, handing each part's close to `hold` as soon as that part is up. */
export type StackStarter = (hold: (close: Closer) => void) => Promise<void>;

function stackOf(closers: Closer[]): Stack {
  return {
    close: async () => {
      await Promise.allSettled(closers.map((close) => close()));
    },
  };
}

/** Starts a stack; if a part fails to start, the parts already up are closed before it throws. */
export async function startStack(start: StackStarter): Promise<Stack> {
  const closers: Closer[] = [];
  const stack = stackOf(closers);
  try {
    await start((close) => closers.push(close));
  } catch (error) {
    await stack.close();
    throw error;
  }
  return stack;
}

/**
 * Runs a stack when `moduleUrl` is the script node started, as the Playwright configs do. The
 * signals are heard from the start: a run stopped while the sites still build closes what is up.
 */
export async function runStackScript(moduleUrl: string, start: StackStarter): Promise<void> {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const closers: Closer[] = [];
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, async () => {
      await stackOf(closers).close();
      process.exit(0);
    });
  }
  try {
    await start((close) => closers.push(close));
  } catch (error) {
    await stackOf(closers).close();
    throw error;
  }
}
