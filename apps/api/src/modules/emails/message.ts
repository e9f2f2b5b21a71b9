import MailComposer from 'nodemailer/lib/mail-composer';
import type { RenderedMessage } from './render';

export interface Envelope {
  deliveryId: string;
  from: string;
  to: string;
  subject: string;
  unsubscribeUrl: string;
  /** Host part of the Message-ID (PUBLIC_URL's host). */
  host: string;
}

/** The headers every campaign e-mail carries: its own Message-ID and one-click unsubscribing (RFC 8058). */
export function campaignHeaders(envelope: Envelope): Record<string, string> {
  return {
    'Message-ID': `<${envelope.deliveryId}@${envelope.host}>`,
    'List-Unsubscribe': `<${envelope.unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The whole message, HTML and plain-text parts, as the SMTP server receives it. */
export function composeMessage(envelope: Envelope, message: RenderedMessage): Promise<Buffer> {
  const headers = campaignHeaders(envelope);
  return new MailComposer({
    from: envelope.from,
    to: envelope.to,
    subject: envelope.subject,
    text: message.text,
    html: message.html,
    messageId: headers['Message-ID'],
    headers: {
      'List-Unsubscribe': headers['List-Unsubscribe'] as string,
      'List-Unsubscribe-Post': headers['List-Unsubscribe-Post'] as string,
    },
  })
    .compile()
    .build();
}
