/**
 * The visitor's confirmation, EmailJS's Auto-Reply to `{{email}}`: thanks, the next steps of
 * /success (the same content, each step in its `inEmail` words where it has them), who holds the
 * address and how to reach them (the privacy notice's words and settings), how to leave the list,
 * and the brand.
 */
import { Column, Heading, Hr, Link, Row, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { visitorConfirmation } from "../src/content/emails";
import { nextStepsInEmail, successPage } from "../src/content/pages";
import { privacyNotice } from "../src/content/privacy";
import { site } from "../src/content/site";
import { EmailFrame } from "./email-frame";
import type { EmailSettings } from "./email-settings";
import { styles, tone } from "./email-theme";
import { NUMBERED_STEP } from "./plain-text";

export function VisitorConfirmation({ settings }: { settings: EmailSettings }) {
  const content = visitorConfirmation;
  const { controller, privacyContact, retentionMonths } = settings.trust;
  const notice = privacyNotice;
  const { month } = notice.retention;
  const contactLink = privacyContact ? (
    <Link className={tone.accent} href={privacyContact.href} style={styles.link}>
      {privacyContact.label}
    </Link>
  ) : null;
  const leaveHref = privacyContact?.href.startsWith("mailto:")
    ? `${privacyContact.href}?subject=${encodeURIComponent(content.leaveSubject)}`
    : privacyContact?.href;
  const siteHost = new URL(settings.siteUrl).host;
  const footer = (
    <Text className={tone.muted} style={styles.small}>
      {withValue(
        content.whyYouGetThis,
        <Link className={tone.accent} href={settings.siteUrl} style={styles.link}>
          {siteHost}
        </Link>,
      )}{" "}
      {site.name}: {site.tagline}.
    </Text>
  );
  return (
    <EmailFrame preview={content.preview} footer={footer}>
      <Heading as="h1" className={tone.ink} style={styles.heading}>
        {content.heading}
      </Heading>
      <Text className={tone.ink} style={styles.text}>
        {content.intro}
      </Text>

      <Heading as="h2" className={tone.ink} style={styles.subheading}>
        {successPage.nextHeading}
      </Heading>
      <Section>
        {nextStepsInEmail().map((step, index) => {
          return (
            <Row key={step.title} {...NUMBERED_STEP}>
              <Column className={tone.accent} style={styles.stepNumber}>
                {index + 1}.
              </Column>
              <Column>
                <Text className={tone.ink} style={styles.stepTitle}>
                  {step.title}
                </Text>
                <Text className={tone.muted} style={styles.stepText}>
                  {step.description}
                </Text>
              </Column>
            </Row>
          );
        })}
      </Section>

      <Hr className={tone.line} style={styles.rule} />
      <Heading as="h2" className={tone.ink} style={styles.subheading}>
        {content.privacyHeading}
      </Heading>
      <Point term={notice.controller.term}>
        {controller
          ? withValue(notice.controller.withSetting, controller)
          : notice.controller.neutral}
      </Point>
      <Point term={notice.purpose.term}>{notice.purpose.text}</Point>
      {settings.botCheck && (
        <Point term={notice.recipients.term}>{notice.recipients.withBotCheck}</Point>
      )}
      <Point term={notice.retention.term}>
        {retentionMonths
          ? withValue(
              notice.retention.withSetting,
              `${retentionMonths} ${retentionMonths === 1 ? month.one : month.other}`,
            )
          : notice.retention.neutral}
      </Point>
      <Point term={notice.contact.term}>
        {contactLink ? withValue(notice.contact.withSetting, contactLink) : content.replyContact}
      </Point>

      <Heading as="h2" className={tone.ink} style={styles.subheading}>
        {content.leaveHeading}
      </Heading>
      <Text className={tone.ink} style={styles.text}>
        {leaveHref && privacyContact
          ? withValue(
              content.leaveWithContact,
              <Link className={tone.accent} href={leaveHref} style={styles.link}>
                {privacyContact.label}
              </Link>,
            )
          : content.leaveByReply}
      </Text>
      <Text className={tone.muted} style={styles.small}>
        {content.leaveHonestly}
      </Text>
    </EmailFrame>
  );
}

function Point({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Text className={tone.muted} style={styles.label}>
        {term}
      </Text>
      <Text className={tone.ink} style={styles.value}>
        {children}
      </Text>
    </>
  );
}

/** A content template with its `{value}` replaced by `value`, which may be an element. */
function withValue(template: string, value: ReactNode): ReactNode {
  const [before, after = ""] = template.split("{value}");
  return (
    <>
      {before}
      {value}
      {after}
    </>
  );
}
