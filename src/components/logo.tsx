import logoMarkUrl from "@/assets/logo-mark.svg";
import { site } from "@/content/site";
import { cn } from "@/lib/cn";

const SIZES = {
  sm: { mark: 24, text: "text-base" },
  md: { mark: 32, text: "text-xl" },
  lg: { mark: 48, text: "text-3xl" },
} as const;

export type LogoSize = keyof typeof SIZES;

/** The shield mark and the wordmark. The image names the brand; the wordmark is hidden from
 * assistive technology so the name is not read twice. */
export function Logo({ size = "md", className }: { size?: LogoSize; className?: string }) {
  const { mark, text } = SIZES[size];
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <img src={logoMarkUrl} alt={site.logoAlt} width={mark} height={mark} />
      <span aria-hidden="true" className={cn("font-semibold tracking-tight text-ink", text)}>
        {site.name}
      </span>
    </span>
  );
}
