/**
 * What wouter imports as `use-sync-external-store/shim`, answered by React itself: the shim only
 * stands in for React before 18, and React 19 has the hook (vite.config.ts points the import here).
 */
import { useSyncExternalStore as reactsOwn } from "react";

export const useSyncExternalStore = reactsOwn;
