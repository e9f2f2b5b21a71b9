import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_DEFAULTS,
  CAMPAIGN_TYPES,
  draftForType,
  escapeHtml,
  hasLineBreak,
  isHttpLink,
  messageParagraphs,
  newsletterFormProblem,
} from './campaign-text';

describe('campaign defaults', () => {
  it('gives every type its own subject and message', () => {
    const subjects = new Set(CAMPAIGN_TYPES.map((t) => CAMPAIGN_DEFAULTS[t].subject));
    expect(subjects.size).toBe(CAMPAIGN_TYPES.length);
    for (const type of CAMPAIGN_TYPES) {
      expect(CAMPAIGN_DEFAULTS[type].subject.length).toBeGreaterThan(5);
      expect(CAMPAIGN_DEFAULTS[type].message.length).toBeGreaterThan(20);
      expect(hasLineBreak(CAMPAIGN_DEFAULTS[type].subject)).toBe(false);
    }
  });

  it('never names the product or the shop', () => {
    for (const type of CAMPAIGN_TYPES) {
      const { subject, message } = CAMPAIGN_DEFAULTS[type];
      expect(`${subject} ${message}`).not.toMatch(/backroom|\{|\}/i);
    }
  });

  it('replaces untouched text when the type changes and keeps what the admin wrote', () => {
    const start = CAMPAIGN_DEFAULTS.newProduct;
    expect(draftForType('newProduct', 'comingSoon', start)).toEqual(CAMPAIGN_DEFAULTS.comingSoon);
    expect(draftForType('newProduct', 'comingSoon', { subject: '', message: ' ' })).toEqual(
      CAMPAIGN_DEFAULTS.comingSoon,
    );
    const own = { subject: 'Our summer sale', message: start.message };
    expect(draftForType('newProduct', 'discountedProduct', own)).toEqual({
      subject: 'Our summer sale',
      message: CAMPAIGN_DEFAULTS.discountedProduct.message,
    });
  });
});

describe('isHttpLink', () => {
  it.each([
    ['https://shop.example.com/p/1', true],
    ['http://localhost:3000/x?y=1', true],
    ['  https://example.com  ', true],
    ['javascript:alert(1)', false],
    ['data:text/html,<b>x</b>', false],
    ['mailto:a@example.com', false],
    ['ftp://example.com/file', false],
    ['//example.com', false],
    ['example.com', false],
    ['', false],
  ])('%s -> %s', (value, expected) => {
    expect(isHttpLink(value)).toBe(expected);
  });
});

describe('hasLineBreak', () => {
  it('finds CR and LF anywhere', () => {
    expect(hasLineBreak('Hello')).toBe(false);
    expect(hasLineBreak('Hello\r\nBcc: x@example.com')).toBe(true);
    expect(hasLineBreak('Hello\nthere')).toBe(true);
    expect(hasLineBreak('Hello\rthere')).toBe(true);
  });
});

describe('messageParagraphs', () => {
  it('splits on blank lines and keeps single line breaks inside a paragraph', () => {
    expect(messageParagraphs('Hello\nthere\n\nSecond one\r\n\r\n\n\nThird  ')).toEqual([
      ['Hello', 'there'],
      ['Second one'],
      ['Third'],
    ]);
  });

  it('gives nothing for an empty message', () => {
    expect(messageParagraphs(' \n\n ')).toEqual([]);
  });
});

describe('escapeHtml', () => {
  it('escapes markup and quotes', () => {
    expect(escapeHtml(`<script>alert("x" & 'y')</script>`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;',
    );
  });
});

describe('newsletterFormProblem', () => {
  const ok = { subject: 'Hi', message: 'There', audience: 'selected' as const, selectedCount: 1 };
  it('asks for the subject and message first, then for a user', () => {
    expect(newsletterFormProblem(ok)).toBeNull();
    expect(newsletterFormProblem({ ...ok, subject: ' ' })).toBe('Please fill in subject and message');
    expect(newsletterFormProblem({ ...ok, message: '', selectedCount: 0 })).toBe('Please fill in subject and message');
    expect(newsletterFormProblem({ ...ok, selectedCount: 0 })).toBe('Please select at least one user');
    expect(newsletterFormProblem({ ...ok, audience: 'all', selectedCount: 0 })).toBeNull();
  });
});
