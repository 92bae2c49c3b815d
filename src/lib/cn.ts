/**
 * Joins class names, skipping falsy ones. It does not resolve conflicts (tailwind-merge would, for
 * 8.5 KB gzip on the landing page), so none may arise: what a caller may change about a primitive's
 * look that the primitive sets itself (a card's tone, a button's alignment) is a prop of the
 * primitive, and callers pass only classes of other kinds (spacing around it, width, position).
 */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}
