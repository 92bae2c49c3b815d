/**
 * The default data-fetching behaviour of the spec. No product endpoint uses it yet, so nothing on
 * the landing page imports it. A query library, once one is needed, takes the spec's policy as its
 * defaults: results never go stale (staleTime Infinity), no refetch on a timer or on window focus,
 * no retries for queries or mutations.
 */

export type On401 = "throw" | "returnNull";
export type QueryKey = readonly [path: string, ...rest: unknown[]];

/** Throws `status: body`, or `status: statusText` when the body is empty, for a non-OK response. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = (await response.text()) || response.statusText;
  throw new Error(`${response.status}: ${body}`);
}

/** GETs the path in the query key's first element, with credentials, and reads JSON. */
export function getQueryFn<T>({ on401 = "throw" }: { on401?: On401 } = {}) {
  return async ({ queryKey }: { queryKey: QueryKey }): Promise<T | null> => {
    const response = await fetch(queryKey[0], { method: "GET", credentials: "include" });
    if (on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
