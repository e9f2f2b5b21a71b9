import type { RenderedMessage } from './render';

export interface Envelope {
  deliveryId: string;
  from: string;
  to: string;
  subject: string;
  unsubscribeUrl: string;
  /** The sender's domain (MAIL_FROM's, sender-address.ts): names the Message-ID and the List-Id. */
  domain: string;
}

/**
 * The headers every campaign e-mail carries: its own Message-ID on the sender's domain, the list it
 * belongs to (RFC 2919: one list, the shop's campaigns, as unsubscribing is from all of them) and
 * one-click unsubscribing (RFC 8058).
 */
export function campaignHeaders(envelope: Envelope): Record<string, string> {
  return {
    'Message-ID': `<${envelope.deliveryId}@${envelope.domain}>`,
    'List-Id': `<campaigns.${envelope.domain}>`,
    'List-Unsubscribe': `<${envelope.unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The whole message, HTML and plain-text parts, as the SMTP server receives it. */
export async function composeMessage(envelope: Envelope, message: RenderedMessage): Promise<Buffer> {
  const { 'Message-ID': messageId, ...headers } = campaignHeaders(envelope);
  // Loaded at the first message, not at every start (decision 051).
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  return new MailComposer({
    from: envelope.from,
    to: envelope.to,
    subject: envelope.subject,
    text: message.text,
    html: message.html,
    messageId,
    headers,
  })
    .compile()
    .build();
}
