/**
 * Dynamic imports that can fail (offline, or a redeploy removed the old hashed files) without the
 * failure being kept for the tab: a failed load is forgotten, so the next call tries again.
 */
export function retryingImport<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/**
 * Settles only once `load` succeeds, trying again each time `retrySignal` resolves. For React.lazy
 * parts that stand in for prerendered markup: while it is pending, React keeps the markup as served,
 * so a chunk that cannot be fetched never blanks the page.
 */
export async function untilLoaded<T>(
  load: () => Promise<T>,
  retrySignal: () => Promise<void>,
): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch {
      await retrySignal();
    }
  }
}
