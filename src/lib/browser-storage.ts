/**
 * localStorage and sessionStorage that never throw: storage can be disabled, full or blocked by
 * privacy settings, and a signup must still go through without it.
 */

type StorageArea = "local" | "session";

function area(kind: StorageArea): Storage | null {
  try {
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(kind: StorageArea, key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(kind: StorageArea, key: string, value: string): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    // Best effort: the visitor still sees every outcome on screen.
  }
}

export function removeItem(kind: StorageArea, key: string): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // Best effort, as above.
  }
}
