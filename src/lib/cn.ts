/**
 * Joins class names, skipping falsy ones. Deliberately not tailwind-merge (about 7 KB gzip on the
 * landing page): callers pass classes that do not fight with a primitive's own.
 */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}
