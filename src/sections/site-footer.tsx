import { Logo } from "@/components/logo";
import { StaticContent } from "@/components/static-content";
import { useTrustSettings } from "@/components/trust-settings";
import { privacyNotice } from "@/content/privacy";
import { footer, site } from "@/content/site";
import { cn } from "@/lib/cn";
import { type Contact, SECURITY_TXT_PATH } from "@/lib/trust-settings";
import { useCurrentYear } from "./use-current-year";

/** A block of the line's height (24 px, leading-6): a target of WCAG 2.5.8's minimum size. */
const LINK = "inline-block text-accent-strong underline";

/**
 * The page's foot (the spec's #contact): who Bulwark is, how to reach the team about privacy and
 * security, and, under a rule, the sample-data note and the copyright line. Both columns start on
 * one line when side by side, and at one edge when stacked.
 */
export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer id="contact" className="border-t border-line bg-surface/40">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <div className="grid gap-8 md:grid-cols-2 md:items-start">
          <StaticContent className="max-w-sm">
            {import.meta.env.SSR && (
              <>
                <Logo size="sm" />
                <p className="mt-3 text-sm text-ink-muted">{footer.blurb}</p>
              </>
            )}
          </StaticContent>
          <StaticContent className="md:justify-self-end">
            {import.meta.env.SSR && <FooterContacts />}
          </StaticContent>
        </div>
        <div className="mt-8 flex flex-col gap-2 border-t border-line pt-6 text-xs text-ink-muted md:flex-row md:justify-between md:gap-8">
          <StaticContent as="p">{import.meta.env.SSR && footer.sampleDataNote}</StaticContent>
          {/* The year moves on in the browser if the page outlived New Year: it stays the app's. */}
          <p className="shrink-0">{`© ${year} ${site.name}. ${site.rights}`}</p>
        </div>
      </div>
    </footer>
  );
}

function FooterContacts() {
  const { privacyContact, securityContact } = useTrustSettings();
  const labels = footer.contact;
  return (
    <>
      <h2 className="text-sm font-semibold text-ink">{labels.heading}</h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm leading-6">
        <dt className="text-ink-muted">{labels.privacy}</dt>
        <dd className="text-ink-muted">
          {privacyContact ? (
            <ContactLink contact={privacyContact} />
          ) : (
            privacyNotice.contact.neutral
          )}
        </dd>
        {__ANALYTICS_ON__ && (
          <>
            <dt className="text-ink-muted">{privacyNotice.analytics.term}</dt>
            <dd className="text-ink-muted">{privacyNotice.analytics.footer}</dd>
          </>
        )}
        {securityContact && (
          <>
            <dt className="text-ink-muted">{labels.security}</dt>
            <dd className="flex flex-wrap gap-x-3">
              <ContactLink contact={securityContact} />
              <a href={SECURITY_TXT_PATH} className={LINK}>
                {labels.securityTxt}
              </a>
            </dd>
          </>
        )}
      </dl>
    </>
  );
}

function ContactLink({ contact }: { contact: Contact }) {
  return (
    <a href={contact.href} className={cn(LINK, "wrap-anywhere")}>
      {contact.label}
    </a>
  );
}
