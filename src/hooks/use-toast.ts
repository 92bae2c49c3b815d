/**
 * App-wide toast store (docs/behaviour.md, "Constants"): one toast at a time, a new one replaces the old, and a dismissed
 * toast leaves state after TOAST_REMOVE_DELAY. Module state, so `toast()` works from anywhere; the
 * server snapshot is always empty, so prerendered pages never carry a toast.
 */
import { useSyncExternalStore } from "react";

const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

type ToastVariant = "default" | "destructive";
export type ToastInput = { title: string; description?: string; variant?: ToastVariant };
export type ToastItem = Required<ToastInput> & { id: string; open: boolean };

const NO_TOASTS: ToastItem[] = [];
let toasts: ToastItem[] = NO_TOASTS;
let nextId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast({ title, description = "", variant = "default" }: ToastInput): string {
  nextId += 1;
  const id = String(nextId);
  setToasts([{ id, title, description, variant, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function dismissToast(id: string): void {
  setToasts(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setToasts(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

const announcedListeners = new Map<string, () => void>();

/** The toaster calls this once a toast's text is in its live region, that is, announced. */
export function markToastAnnounced(id: string): void {
  announcedListeners.get(id)?.();
}

/**
 * Resolves once the toast `id` has been announced, or after `maxWaitMs` whatever happened (the
 * toaster's script may be out of reach): a caller that moves on (to /success) never waits longer.
 */
export function whenToastAnnounced(id: string, maxWaitMs: number): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(finish, maxWaitMs);
    function finish() {
      clearTimeout(timer);
      announcedListeners.delete(id);
      done();
    }
    announcedListeners.set(id, finish);
  });
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastItem[] {
  return toasts;
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribeToToasts, getToasts, () => NO_TOASTS);
}
