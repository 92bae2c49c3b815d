/** The form's island (docs/performance.md, "Issue 49"): the names its host and the loader share. */

/** On the form's host: the id of its email field, which the island's root needs. */
export const FORM_ISLAND_ATTRIBUTE = "data-form-island";
/** The data block after the form: once in the document, the form is parsed. Short: 1 KB loader. */
export const FORM_PARSED_ID = "fp";
