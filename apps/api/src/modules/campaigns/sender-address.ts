import { domainToASCII } from 'node:url';
import addressparser from 'nodemailer/lib/addressparser';

/*
 * What MAIL_FROM ('Shop <news@example.com>' or 'news@example.com') says about the sender: the bare
 * address (the SMTP envelope's MAIL FROM) and its domain, which names the e-mails' Message-IDs and
 * their List-Id (docs/decisions/043-email-delivery-failures.md). The sender's domain, not
 * PUBLIC_URL's host: that is the domain the receiving systems check the message against (SPF,
 * DKIM, DMARC), and the shop's web address may be another one altogether.
 */

export interface SenderAddress {
  address: string;
  /** The address's domain in ASCII (punycode); 'localhost' when it has none. */
  domain: string;
}

export function senderAddress(from: string): SenderAddress {
  const parsed = addressparser(from, { flatten: true })[0];
  const address = parsed && 'address' in parsed && parsed.address ? parsed.address : from;
  const at = address.lastIndexOf('@');
  const domain = at >= 0 ? domainToASCII(address.slice(at + 1).toLowerCase()) : '';
  return { address, domain: domain || 'localhost' };
}
