/**
 * How the emails' HTML becomes their plain-text copy (html-to-text, through React Email's render),
 * beyond React Email's own rules: headings keep their case, and a numbered step reads as one list
 * item ("1. Title", its text on the next line, indented) instead of a number alone on a line above
 * its title.
 */

/** The attribute that marks a numbered step: a Row of two cells, the number and the step. */
const NUMBERED_STEP_ATTRIBUTE = "data-text-step";

/** Spread on a numbered step's Row. */
export const NUMBERED_STEP = { [NUMBERED_STEP_ATTRIBUTE]: "" };

/** The little of html-to-text's parsed node and text builder a formatter here uses. */
type HtmlNode = { type: string; name?: string; data?: string; children?: HtmlNode[] };
type TextBuilder = {
  openList(options: {
    leadingLineBreaks: number;
    interRowLineBreaks: number;
    maxPrefixLength: number;
    prefixAlign: "left";
  }): void;
  openListItem(options: { prefix: string }): void;
  openBlock(options: { leadingLineBreaks: number }): void;
  closeBlock(options: { trailingLineBreaks: number }): void;
  closeListItem(): void;
  closeList(options: { trailingLineBreaks: number }): void;
};
type Walk = (nodes: HtmlNode[], builder: TextBuilder) => void;
type FormatOptions = { leadingLineBreaks?: number; trailingLineBreaks?: number };

/** The cells of a table, in order, not looking into a cell. */
function cellsOf(node: HtmlNode): HtmlNode[] {
  if (node.type === "tag" && node.name === "td") return [node];
  return (node.children ?? []).flatMap(cellsOf);
}

function textOf(node: HtmlNode): string {
  if (node.type === "text") return node.data ?? "";
  return (node.children ?? []).map(textOf).join("");
}

/** "1." from the first cell as the list item's prefix, the second cell as its text. */
function formatNumberedStep(
  elem: HtmlNode,
  walk: Walk,
  builder: TextBuilder,
  options: FormatOptions,
) {
  const [number, step] = cellsOf(elem);
  if (!number || !step) {
    walk(elem.children ?? [], builder);
    return;
  }
  const prefix = `${textOf(number).trim()} `;
  builder.openList({
    leadingLineBreaks: options.leadingLineBreaks ?? 2,
    interRowLineBreaks: 1,
    maxPrefixLength: prefix.length,
    prefixAlign: "left",
  });
  builder.openListItem({ prefix });
  // Each line of the step (its title, its text) on a line of its own, with no blank line between
  // (a paragraph's two breaks would leave one, indented with spaces).
  for (const line of step.children ?? []) {
    if (line.type !== "tag") continue;
    builder.openBlock({ leadingLineBreaks: 1 });
    walk(line.children ?? [], builder);
    builder.closeBlock({ trailingLineBreaks: 1 });
  }
  builder.closeListItem();
  builder.closeList({ trailingLineBreaks: options.trailingLineBreaks ?? 2 });
}

/**
 * html-to-text upper-cases headings by default, which would turn `{{email}}` into `{{EMAIL}}`, a
 * different EmailJS variable: headings keep their case.
 */
const HEADINGS_KEEP_CASE = ["h1", "h2", "h3"].map((selector) => ({
  selector,
  options: { uppercase: false },
}));

/** React Email's `htmlToTextOptions`. */
export const PLAIN_TEXT_OPTIONS = {
  selectors: [
    ...HEADINGS_KEEP_CASE,
    { selector: `table[${NUMBERED_STEP_ATTRIBUTE}]`, format: "numberedStep" },
  ],
  formatters: { numberedStep: formatNumberedStep },
};
