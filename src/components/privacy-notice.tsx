import type { ReactNode } from "react";
import { privacyNotice } from "@/content/privacy";
import { useTrustSettings } from "./trust-settings";

/**
 * "How we handle your address": GDPR Art. 13's points under the form's privacy line, in a native
 * disclosure that opens by mouse, keyboard and screen reader with no JavaScript at all. Who collects
 * the address, for how long and whom to write to come from build settings; without one, its point
 * says the neutral wording. Static: render it inside StaticContent.
 */
export function PrivacyNotice({ className }: { className?: string }) {
  const { controller, privacyContact, retentionMonths } = useTrustSettings();
  const notice = privacyNotice;
  const { month } = notice.retention;
  return (
    <details className={className}>
      <summary className="w-fit cursor-pointer py-1 text-xs font-medium text-accent-strong hover:underline">
        {notice.summary}
      </summary>
      <dl className="mt-2 space-y-2 text-xs text-ink-muted">
        <Point term={notice.controller.term}>
          {controller ? (
            <WithValue template={notice.controller.withSetting} value={controller} />
          ) : (
            notice.controller.neutral
          )}
        </Point>
        <Point term={notice.purpose.term}>{notice.purpose.text}</Point>
        <Point term={notice.basis.term}>{notice.basis.text}</Point>
        <Point term={notice.recipients.term}>
          {__BOT_CHECK_ON__ ? notice.recipients.withBotCheck : notice.recipients.text}
        </Point>
        <Point term={notice.retention.term}>
          {retentionMonths ? (
            <WithValue
              template={notice.retention.withSetting}
              value={`${retentionMonths} ${retentionMonths === 1 ? month.one : month.other}`}
            />
          ) : (
            notice.retention.neutral
          )}
        </Point>
        <Point term={notice.device.term}>{notice.device.text}</Point>
        {__ANALYTICS_ON__ && <Point term={notice.analytics.term}>{notice.analytics.text}</Point>}
        <Point term={notice.rights.term}>{notice.rights.text}</Point>
        <Point term={notice.contact.term}>
          {privacyContact ? (
            <WithValue
              template={notice.contact.withSetting}
              value={
                <a href={privacyContact.href} className="text-accent-strong underline">
                  {privacyContact.label}
                </a>
              }
            />
          ) : (
            notice.contact.neutral
          )}
        </Point>
      </dl>
    </details>
  );
}

function Point({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-ink">{term}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/** A content template with its `{value}` replaced by `value`, which may be an element. */
function WithValue({ template, value }: { template: string; value: ReactNode }) {
  const [before, after = ""] = template.split("{value}");
  return (
    <>
      {before}
      {value}
      {after}
    </>
  );
}
