/**
 * The team's notification of a signup: sent by EmailJS to the team, with Reply-To the visitor, so
 * answering it writes to them. The values are EmailJS variables, filled in when it sends.
 */
import { Column, Heading, Row, Section, Text } from "@react-email/components";
import { teamNotification } from "../src/content/emails";
import { EmailFrame } from "./email-frame";
import { styles, tone } from "./email-theme";

export function TeamNotification() {
  const content = teamNotification;
  return (
    <EmailFrame preview={content.preview}>
      <Heading as="h1" className={tone.ink} style={styles.heading}>
        {content.heading}
      </Heading>
      <Text className={tone.ink} style={styles.text}>
        {content.intro}
      </Text>
      <Section>
        {content.fields.map((field) => (
          <Row key={field.variable}>
            <Column>
              <Text className={tone.muted} style={styles.label}>
                {field.label}
              </Text>
              <Text className={tone.ink} style={styles.value}>
                {`{{${field.variable}}}`}
              </Text>
            </Column>
          </Row>
        ))}
      </Section>
      <Text className={tone.muted} style={styles.small}>
        {content.replyHint}
      </Text>
    </EmailFrame>
  );
}
