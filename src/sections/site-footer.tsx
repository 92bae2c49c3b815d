import { Logo } from "@/components/logo";
import { StaticContent } from "@/components/static-content";
import { site } from "@/content/site";
import { useCurrentYear } from "./use-current-year";

export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer id="contact" className="border-t border-line bg-surface/40">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <StaticContent className="max-w-sm">
          {import.meta.env.SSR && (
            <>
              <Logo size="sm" />
              <p className="mt-3 text-sm text-ink-muted">{site.footer.blurb}</p>
            </>
          )}
        </StaticContent>
        <div className="text-sm text-ink-muted sm:text-right">
          {/* The year moves on in the browser if the page outlived New Year: it stays the app's. */}
          <p>{`© ${year} ${site.name}. ${site.footer.rights}`}</p>
          <StaticContent as="p" className="mt-1 text-xs">
            {import.meta.env.SSR && site.footer.sampleDataNote}
          </StaticContent>
        </div>
      </div>
    </footer>
  );
}
