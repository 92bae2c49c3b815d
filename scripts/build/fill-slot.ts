/**
 * Puts content into one `<!--slot-->` of an HTML template, failing loudly unless the slot occurs
 * exactly once: a missing or doubled slot would ship a page without its content, silently.
 */
export function fillSlot(template: string, slot: string, content: string): string {
  let found = 0;
  // A function replacer: with a string, `$&`, `$$` or `$'` in the content would be rewritten.
  const filled = template.replaceAll(slot, () => {
    found += 1;
    return content;
  });
  if (found !== 1) {
    throw new Error(
      `The HTML template must hold ${slot} exactly once; it holds it ${found} times.`,
    );
  }
  return filled;
}
