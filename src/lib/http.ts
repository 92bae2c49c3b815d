/**
 * The default data-fetching behaviour of SPEC §7. No product endpoint uses it yet, so nothing on the
 * landing page imports it; a future query library takes QUERY_POLICY as its defaults.
 */

export type On401 = "throw" | "returnNull";
export type QueryKey = readonly [path: string, ...rest: unknown[]];

/** SPEC §9: results never go stale, no refetch on a timer or on focus, no retries. */
export const QUERY_POLICY = {
  queries: {
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: false,
    refetchOnWindowFocus: false,
    retry: false,
  },
  mutations: { retry: false },
} as const;

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
