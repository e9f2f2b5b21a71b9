import {
  type CampaignProduct,
  type CampaignType,
  discountedPriceCents,
  escapeHtml,
  formatMoney,
  messageParagraphs,
} from '@backroom/contract';

/*
 * The campaign's message, HTML and plain text (docs/decisions/026-email-campaigns.md). The admin's
 * subject and message are text: escaped, never inserted as HTML; blank lines make paragraphs and
 * single line breaks <br>. Products are cards with absolute image URLs (PUBLIC_URL; paths when it
 * is empty, for the admin's preview; the pictures are JPEG renditions, mail-images.ts), the price,
 * and the struck price when discounted; the link is a button; the footer links to unsubscribing.
 * The message is rendered once per campaign with a marker where each recipient's own unsubscribe
 * link goes (a NUL: no admin text can hold one, the contract refuses it).
 */

export const UNSUBSCRIBE_MARKER = '\u0000unsubscribe\u0000';

export interface MessageContent {
  notificationType: CampaignType;
  subject: string;
  message: string;
  productLink: string | null;
  products: CampaignProduct[];
}

export interface RenderedMessage {
  html: string;
  text: string;
}

const BUTTON_LABELS: Record<CampaignType, string> = {
  newProduct: 'See what is new',
  discountedProduct: 'See the offer',
  comingSoon: 'Find out more',
};

/** An absolute URL for a path the server serves (/uploads/...), or the URL itself when already absolute. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl)
    ? pathOrUrl
    : `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

function priceHtml(p: CampaignProduct): string {
  const price = discountedPriceCents(p.priceCents, p.discount);
  if (p.discount > 0 && price < p.priceCents) {
    return (
      `<s style="color:#71717a">${escapeHtml(formatMoney(p.priceCents))}</s> ` +
      `<strong style="color:#b91c1c">${escapeHtml(formatMoney(price))}</strong> ` +
      `<span style="color:#b91c1c">(-${escapeHtml(String(p.discount))}%)</span>`
    );
  }
  return `<strong>${escapeHtml(formatMoney(p.priceCents))}</strong>`;
}

function priceText(p: CampaignProduct): string {
  const price = discountedPriceCents(p.priceCents, p.discount);
  if (p.discount > 0 && price < p.priceCents) {
    return `${formatMoney(price)} (was ${formatMoney(p.priceCents)}, -${p.discount}%)`;
  }
  return formatMoney(p.priceCents);
}

const category = (p: CampaignProduct) => [p.category, p.subCategory].filter(Boolean).join(' / ');

function productCard(p: CampaignProduct, publicUrl: string): string {
  const image = p.image
    ? `<td width="120" style="padding:12px;vertical-align:top"><img src="${escapeHtml(absoluteUrl(publicUrl, p.image))}" alt="${escapeHtml(p.name)}" width="120" style="display:block;width:120px;max-width:120px;height:auto;border-radius:6px"></td>`
    : '';
  return (
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border:1px solid #e4e4e7;border-radius:8px;margin:0 0 12px">' +
    `<tr>${image}<td style="padding:12px;vertical-align:top">` +
    `<p style="margin:0 0 4px;font-size:16px;font-weight:bold">${escapeHtml(p.name)}</p>` +
    (category(p) ? `<p style="margin:0 0 8px;font-size:13px;color:#52525b">${escapeHtml(category(p))}</p>` : '') +
    `<p style="margin:0;font-size:15px">${priceHtml(p)}</p>` +
    '</td></tr></table>'
  );
}

/** The campaign's HTML and text, with UNSUBSCRIBE_MARKER where the recipient's link goes. */
export function renderMessage(content: MessageContent, publicUrl: string): RenderedMessage {
  const paragraphs = messageParagraphs(content.message);
  const body = paragraphs
    .map(
      (lines) =>
        `<p style="margin:0 0 16px;font-size:15px;line-height:1.5">${lines.map((l) => escapeHtml(l)).join('<br>')}</p>`,
    )
    .join('');
  const cards = content.products.map((p) => productCard(p, publicUrl)).join('');
  const button = content.productLink
    ? '<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px"><tr>' +
      `<td style="background:#18181b;border-radius:6px"><a href="${escapeHtml(content.productLink)}" style="display:inline-block;padding:12px 20px;color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(BUTTON_LABELS[content.notificationType])}</a></td>` +
      '</tr></table>'
    : '';
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(content.subject)}</title></head>` +
    '<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">' +
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5"><tr><td align="center" style="padding:24px 12px">' +
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">' +
    `<tr><td style="padding:24px"><h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(content.subject)}</h1>` +
    body +
    cards +
    button +
    '</td></tr>' +
    '<tr><td style="padding:16px 24px;border-top:1px solid #e4e4e7;font-size:12px;color:#52525b">' +
    'You receive this e-mail because you have an account with our shop. ' +
    `<a href="${UNSUBSCRIBE_MARKER}" style="color:#52525b">Unsubscribe</a></td></tr>` +
    '</table></td></tr></table></body></html>';

  const textParts = [content.subject, ...paragraphs.map((lines) => lines.join('\n'))];
  if (content.products.length > 0) {
    textParts.push(
      content.products.map((p) => `- ${p.name}${category(p) ? ` (${category(p)})` : ''}: ${priceText(p)}`).join('\n'),
    );
  }
  if (content.productLink) textParts.push(`${BUTTON_LABELS[content.notificationType]}: ${content.productLink}`);
  textParts.push(`--\nUnsubscribe: ${UNSUBSCRIBE_MARKER}`);
  return { html, text: `${textParts.join('\n\n')}\n` };
}

/** The message for one recipient: their unsubscribe link in place of the marker. */
export function personalise(message: RenderedMessage, unsubscribeUrl: string): RenderedMessage {
  return {
    html: message.html.replaceAll(UNSUBSCRIBE_MARKER, escapeHtml(unsubscribeUrl)),
    text: message.text.replaceAll(UNSUBSCRIBE_MARKER, unsubscribeUrl),
  };
}
