/**
 * The site's colours for what is drawn outside the stylesheet (the share image, icons, the web
 * manifest, the browser's theme colour). src/styles.css declares the same values as its colour
 * tokens; a unit test keeps the two equal.
 */
export const palette = {
  canvas: "#0b1120",
  line: "#24314d",
  ink: "#e6ecf5",
  inkMuted: "#a3b1c6",
  accent: "#4da3ff",
  accentStrong: "#7cbcff",
} as const satisfies Record<string, `#${string}`>;
