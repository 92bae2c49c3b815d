import { Logo } from "@/components/logo";
import { site } from "@/content/site";
import { useCurrentYear } from "./use-current-year";

export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer id="contact" className="border-t border-line bg-surface/40">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="max-w-sm">
          <Logo size="sm" />
          <p className="mt-3 text-sm text-ink-muted">{site.footer.blurb}</p>
        </div>
        <div className="text-sm text-ink-muted sm:text-right">
          <p>{`© ${year} ${site.name}. ${site.footer.rights}`}</p>
          <p className="mt-1 text-xs">{site.footer.sampleDataNote}</p>
        </div>
      </div>
    </footer>
  );
}
