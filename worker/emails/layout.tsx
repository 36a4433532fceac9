import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';
import type { ReactElement, ReactNode } from 'react';

/** What every template returns: the outbox stores subject, html and the plain-text alternative. */
export interface RenderedEmail {
  template: string;
  subject: string;
  html: string;
  text: string;
}

// The app's palette (client/styles.css): deep green primary, slate text, a quiet grey canvas.
const colors = { primary: '#166534', text: '#1f2937', muted: '#6b7280', border: '#e5e7eb', canvas: '#f6f7f9' };
const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** A labelled value ("Amount due" / "$125.50"): one paragraph, so the plain text keeps them together. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text style={{ margin: '0 0 10px', fontSize: '15px', lineHeight: '22px', color: colors.text }}>
      <span style={{ fontSize: '13px', color: colors.muted }}>{label}</span>
      <br />
      <strong>{children}</strong>
    </Text>
  );
}

export const styles = {
  text: { fontSize: '15px', lineHeight: '24px', color: colors.text, margin: '0 0 12px' },
  muted: { fontSize: '13px', lineHeight: '20px', color: colors.muted, margin: '0' },
  label: { fontSize: '13px', color: colors.muted, margin: '0' },
  value: { fontSize: '15px', color: colors.text, margin: '0 0 10px', fontWeight: 600 },
  box: { border: `1px solid ${colors.border}`, borderRadius: '6px', padding: '12px 16px', margin: '8px 0 16px' },
};

export function Layout(props: { preview: string; heading: string; hoaName?: string | null; children: ReactNode; cta?: { label: string; url: string }; footer?: string }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: colors.canvas, fontFamily: font, padding: '24px 0' }}>
        <Container style={{ maxWidth: '560px', backgroundColor: '#ffffff', border: `1px solid ${colors.border}`, borderRadius: '8px', padding: '24px' }}>
          {props.hoaName ? <Text style={{ ...styles.muted, textTransform: 'uppercase', letterSpacing: '0.04em' }}>{props.hoaName}</Text> : null}
          <Heading as="h1" style={{ fontSize: '20px', lineHeight: '28px', color: colors.text, margin: '4px 0 16px' }}>
            {props.heading}
          </Heading>
          {props.children}
          {props.cta ? (
            <Section style={{ margin: '24px 0' }}>
              <Button href={props.cta.url} style={{ backgroundColor: colors.primary, color: '#ffffff', padding: '10px 18px', borderRadius: '6px', fontSize: '15px', fontWeight: 600 }}>
                {props.cta.label}
              </Button>
              <Text className="fallback-link" style={{ ...styles.muted, marginTop: '12px' }}>
                Or open this link: {props.cta.url}
              </Text>
            </Section>
          ) : null}
          {props.footer ? (
            <>
              <Hr style={{ borderColor: colors.border, margin: '16px 0' }} />
              <Text style={styles.muted}>{props.footer}</Text>
            </>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

/** Plain text: headings as written (not upper-cased), and the button's link once (it already reads "Label URL"). */
const PLAIN_TEXT = {
  wordwrap: 78,
  selectors: [
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'p.fallback-link', format: 'skip' },
  ],
};

/** Renders a template to HTML and its plain-text alternative. */
export async function renderEmail(template: string, subject: string, element: ReactElement): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions: PLAIN_TEXT })]);
  return { template, subject, html, text };
}

