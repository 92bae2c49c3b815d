/**
 * The waitlist form's island (docs/performance.md): the form is served inside a host element of its
 * own, followed there by an empty data block (a `<script type="text/plain">`, which never runs, so it
 * needs no CSP hash and costs the headers nothing) whose presence tells the inline loader
 * (src/app/start-up/inline-loader.ts) the form's markup is parsed, so the app starts before the rest
 * of the document has been parsed and hydrates the form first, as a root of its own.
 */

/** On the form's host element: the id of the form's email field (the island root needs it). */
export const FORM_ISLAND_ATTRIBUTE = "data-form-island";
/**
 * The id of the data block right after the form, which the loader looks for each frame after the
 * first contentful paint: once it is in the document, the form's markup is parsed. Two letters: the
 * loader has 1 KB in all.
 */
export const FORM_PARSED_ID = "fp";
