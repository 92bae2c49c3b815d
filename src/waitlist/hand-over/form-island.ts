/**
 * The waitlist form's island (docs/performance.md): the form is served inside a host element of its
 * own, followed there by a one-line inline script that tells the inline loader
 * (src/app/start-up/inline-loader.ts) the form's markup is parsed, so the app starts before the rest
 * of the document has been parsed and hydrates the form first, as a root of its own.
 */

/** On the form's host element: the id of the form's email field (the island root needs it). */
export const FORM_ISLAND_ATTRIBUTE = "data-form-island";
/** The flag the loader reads each frame after the first contentful paint: the form's markup is parsed. */
export const FORM_PARSED_GLOBAL = "__bulwarkForm";
/** The inline script right after the form (its hash goes into the CSP with the loader's). */
export const FORM_PARSED_SCRIPT = `self.${FORM_PARSED_GLOBAL}=1`;
