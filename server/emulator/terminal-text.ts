/**
 * Text made safe for a terminal: every line the emulator prints passes through it (server.ts), since
 * much of it comes from whoever posted to the emulator (an event's name, an address, a path, a
 * header), and any page open in the developer's browser can post. A control character (C0, DEL,
 * C1: ESC and CSI begin the sequences that retitle, recolour or rewrite a terminal), a line or
 * paragraph separator and the marks that reorder text are written as escapes (`\x1b`, `\u202e`),
 * so a line shows what was sent and nothing more.
 */

/** Unicode's line and paragraph separators and its directional marks, embeddings and isolates. */
const LAYOUT_CONTROLS = new Set([
  0x200e, 0x200f, 0x2028, 0x2029, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068,
  0x2069,
]);

const isControl = (code: number) =>
  code < 0x20 || (code >= 0x7f && code <= 0x9f) || LAYOUT_CONTROLS.has(code);

const escaped = (code: number) =>
  code < 0x100
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).padStart(4, "0")}`;

/** `text` with each control character written as its escape. */
export function terminalSafe(text: string): string {
  let safe = "";
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    safe += isControl(code) ? escaped(code) : character;
  }
  return safe;
}
