/**
 * The emails' look: inline styles for light (every client reads them), and a dark scheme in a
 * <style> block for the clients that honour prefers-color-scheme (Apple Mail, Outlook on the Mac);
 * clients that darken by themselves (Gmail, Outlook.com) get colours that stay readable inverted.
 */
import type { CSSProperties } from "react";

/** Light scheme: every text colour meets WCAG AA (4.5:1) on the card. */
const light = {
  page: "#eef2f7",
  card: "#ffffff",
  line: "#d5dce8",
  ink: "#141c2e",
  muted: "#465266",
  accent: "#1b5cb8",
};

/** Dark scheme: the site's palette (src/content/palette.ts). */
const dark = {
  page: "#0b1120",
  card: "#111a2e",
  line: "#24314d",
  ink: "#e6ecf5",
  muted: "#a3b1c6",
  accent: "#7cbcff",
};

/** System fonts only: a remote font is blocked or slow in most clients and tracks the reader. */
const FONT_STACK =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** The class names the dark scheme targets, set beside each inline style. */
export const tone = {
  page: "em-page",
  card: "em-card",
  ink: "em-ink",
  muted: "em-muted",
  accent: "em-accent",
  line: "em-line",
} as const;

/**
 * `!important` wins over the inline light colours; `[data-ogsc]` is Outlook.com's marker for
 * its own dark mode, where it leaves our colours to us.
 */
export const darkSchemeCss = [
  ":root { color-scheme: light dark; supported-color-schemes: light dark; }",
  "@media (prefers-color-scheme: dark) {",
  ...darkRules(""),
  "}",
  ...darkRules("[data-ogsc] "),
].join("\n");

function darkRules(prefix: string): string[] {
  return [
    // Body puts its background on an inner cell too (React Email's Body), so both turn dark.
    `${prefix}.${tone.page}, ${prefix}.${tone.page} > table > tbody > tr > td { background-color: ${dark.page} !important; }`,
    `${prefix}.${tone.card} { background-color: ${dark.card} !important; border-color: ${dark.line} !important; }`,
    `${prefix}.${tone.ink} { color: ${dark.ink} !important; }`,
    `${prefix}.${tone.muted} { color: ${dark.muted} !important; }`,
    `${prefix}.${tone.accent} { color: ${dark.accent} !important; }`,
    `${prefix}.${tone.line} { border-color: ${dark.line} !important; }`,
  ];
}

export const styles = {
  body: {
    margin: 0,
    padding: "24px 12px",
    backgroundColor: light.page,
    fontFamily: FONT_STACK,
  },
  container: { width: "100%", maxWidth: "600px", margin: "0 auto" },
  card: {
    backgroundColor: light.card,
    border: `1px solid ${light.line}`,
    borderRadius: "12px",
    padding: "28px 24px",
  },
  brand: {
    margin: "0 0 20px",
    fontSize: "20px",
    lineHeight: "28px",
    fontWeight: 700,
    letterSpacing: "0.02em",
    color: light.accent,
  },
  heading: {
    margin: "0 0 12px",
    fontSize: "24px",
    lineHeight: "32px",
    fontWeight: 700,
    color: light.ink,
  },
  subheading: {
    margin: "28px 0 8px",
    fontSize: "17px",
    lineHeight: "24px",
    fontWeight: 700,
    color: light.ink,
  },
  text: { margin: "0 0 12px", fontSize: "16px", lineHeight: "24px", color: light.ink },
  small: { margin: "0 0 8px", fontSize: "14px", lineHeight: "21px", color: light.muted },
  label: {
    margin: 0,
    fontSize: "13px",
    lineHeight: "20px",
    fontWeight: 700,
    color: light.muted,
    textTransform: "uppercase",
    letterSpacing: "0.04em",
  },
  value: { margin: "0 0 12px", fontSize: "16px", lineHeight: "24px", color: light.ink },
  stepNumber: {
    width: "32px",
    verticalAlign: "top",
    fontSize: "16px",
    lineHeight: "24px",
    fontWeight: 700,
    color: light.accent,
  },
  stepTitle: { margin: 0, fontSize: "16px", lineHeight: "24px", fontWeight: 700, color: light.ink },
  stepText: { margin: "0 0 12px", fontSize: "15px", lineHeight: "22px", color: light.muted },
  link: { color: light.accent, textDecoration: "underline" },
  rule: { margin: "24px 0", border: "none", borderTop: `1px solid ${light.line}` },
  footer: { padding: "16px 24px 0" },
} satisfies Record<string, CSSProperties>;
