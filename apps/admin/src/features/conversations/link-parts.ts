/** A piece of a message's text: plain text, or an http(s) address to show as a link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence more often than an address: left out of the link. */
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * Splits plain text into text and http(s) links (issue 12: message text is never HTML, links may
 * be clickable). Only what the pattern matched becomes a link; everything else stays text.
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING, '');
    if (!isHttpUrl(url)) continue;
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push({ kind: 'link', text: url, href: url });
    at = start + url.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

function isHttpUrl(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
