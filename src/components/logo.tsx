import logoMarkFile from "@/assets/logo-mark.svg?raw";
import { site } from "@/content/site";
import { cn } from "@/lib/cn";

/** Mark sizes 24, 32 and 48 px, set in CSS so the mark takes its space before anything loads. */
const SIZES = {
  sm: { mark: "size-6", text: "text-base" },
  md: { mark: "size-8", text: "text-xl" },
  lg: { mark: "size-12", text: "text-3xl" },
} as const;

/** Inline in HTML the SVG namespace is implied: drop it, every byte of the first packet counts. */
const logoMarkSvg = logoMarkFile.replace(' xmlns="http://www.w3.org/2000/svg"', "").trim();

export type LogoSize = keyof typeof SIZES;

/**
 * The shield mark and the wordmark. The mark is inline SVG (no request before the first paint),
 * exposed as one image named after the brand; the wordmark is hidden from assistive technology so
 * the name is not read twice.
 */
export function Logo({ size = "md", className }: { size?: LogoSize; className?: string }) {
  const { mark, text } = SIZES[size];
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <span
        role="img"
        aria-label={site.logoAlt}
        className={cn("inline-block shrink-0 [&>svg]:size-full", mark)}
        // The file is ours and static: the same mark the favicon and share image are drawn from.
        // It appears twice on a page (header, footer), so it must not use ids (no gradients).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted build-time asset.
        dangerouslySetInnerHTML={{ __html: logoMarkSvg }}
      />
      <span aria-hidden="true" className={cn("font-semibold tracking-tight text-ink", text)}>
        {site.name}
      </span>
    </span>
  );
}
