/*
 * The User Notifications e-mail's text rules (spec 2 section 2, issue 10): the defaults per
 * notification type, which links are allowed, header values without line breaks, and how the
 * admin's message becomes paragraphs. Shared by the admin's form and the API's renderer.
 */

export const CAMPAIGN_TYPES = ['newProduct', 'discountedProduct', 'comingSoon'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

export const CAMPAIGN_TYPE_LABELS: Record<CampaignType, string> = {
  newProduct: 'New Product',
  discountedProduct: 'Discounted Product',
  comingSoon: 'Coming Soon',
};

export interface CampaignText {
  subject: string;
  message: string;
}

/** The subject and message a type starts with; they never name a product (the admin picks those). */
export const CAMPAIGN_DEFAULTS: Record<CampaignType, CampaignText> = {
  newProduct: {
    subject: 'New arrivals just landed',
    message:
      'Something new has just arrived in our shop.\n\nTake a look and be among the first to get it while stock lasts.',
  },
  discountedProduct: {
    subject: 'A special discount for you',
    message:
      'Some of our favourites are now on sale for a limited time.\n\nHave a look at the reduced prices before the offer ends.',
  },
  comingSoon: {
    subject: 'Coming soon: something to look forward to',
    message:
      'Something new is on its way to our shop.\n\nKeep an eye on your inbox: we will let you know as soon as it arrives.',
  },
};

/**
 * The draft after the type changes: the new type's defaults replace the subject and message the
 * admin has not written themselves (empty, or still the old type's default); their own text stays.
 */
export function draftForType(previous: CampaignType, next: CampaignType, draft: CampaignText): CampaignText {
  const old = CAMPAIGN_DEFAULTS[previous];
  const fresh = CAMPAIGN_DEFAULTS[next];
  const untouched = (value: string, before: string) => value.trim() === '' || value === before;
  return {
    subject: untouched(draft.subject, old.subject) ? fresh.subject : draft.subject,
    message: untouched(draft.message, old.message) ? fresh.message : draft.message,
  };
}

/** True for an absolute http:// or https:// URL with a host (no javascript:, data:, mailto: …). */
export function isHttpLink(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** True when the value holds a CR or LF: it could start a new header line (header injection). */
export function hasLineBreak(value: string): boolean {
  return /[\r\n]/.test(value);
}

/**
 * The admin's message as paragraphs of lines: blank lines separate paragraphs, single line breaks
 * stay line breaks inside one. Lines are trimmed at the end; empty paragraphs disappear.
 */
export function messageParagraphs(message: string): string[][] {
  return message
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.trimEnd())
        .filter((line, i, lines) => line !== '' || (i > 0 && i < lines.length - 1)),
    )
    .filter((lines) => lines.some((line) => line.trim() !== ''));
}

/** Text made safe to place inside HTML, between tags or in a quoted attribute. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** What the form says before anything is sent (spec 2 section 8), or null when it may be sent. */
export function newsletterFormProblem(draft: {
  subject: string;
  message: string;
  audience: 'all' | 'selected';
  selectedCount: number;
}): string | null {
  if (draft.subject.trim() === '' || draft.message.trim() === '') return 'Please fill in subject and message';
  if (draft.audience === 'selected' && draft.selectedCount === 0) return 'Please select at least one user';
  return null;
}
