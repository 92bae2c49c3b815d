/**
 * The frame both emails share: language, the colour schemes the email supports, the preheader
 * (the line a mail list shows after the subject), a 600 px column that narrows to any phone, and
 * the brand as text: no images, so nothing is fetched from a server and nothing is blocked.
 */
import { Body, Container, Head, Html, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { site } from "../src/content/site";
import { darkSchemeCss, styles, tone } from "./email-theme";

type EmailFrameProps = { preview: string; children: ReactNode; footer?: ReactNode };

export function EmailFrame({ preview, children, footer }: EmailFrameProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{darkSchemeCss}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body className={tone.page} style={styles.body}>
        <Container style={styles.container}>
          <Section className={tone.card} style={styles.card}>
            <Text className={tone.accent} style={styles.brand}>
              {site.name}
            </Text>
            {children}
          </Section>
          {footer ? <Section style={styles.footer}>{footer}</Section> : null}
        </Container>
      </Body>
    </Html>
  );
}
