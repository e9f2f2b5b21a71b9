import { describe, expect, it } from 'vitest';
import { linkParts } from './link-parts';

describe('linkParts', () => {
  it('keeps text without an address as one text part', () => {
    expect(linkParts('Is the <b>Batman</b> figure back?')).toEqual([
      { kind: 'text', text: 'Is the <b>Batman</b> figure back?' },
    ]);
    expect(linkParts('')).toEqual([]);
  });

  it('makes http and https addresses links, leaving a sentence’s closing punctuation out', () => {
    expect(linkParts('See https://shop.example/p/1?x=2. Or http://a.example/b)')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://shop.example/p/1?x=2', href: 'https://shop.example/p/1?x=2' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', text: 'http://a.example/b', href: 'http://a.example/b' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never links other schemes', () => {
    expect(linkParts('javascript:alert(1) data:text/html,hi ftp://x.example')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,hi ftp://x.example' },
    ]);
  });

  it('stops an address at a quote or an angle bracket', () => {
    expect(linkParts('"https://a.example/x"<https://b.example>')).toEqual([
      { kind: 'text', text: '"' },
      { kind: 'link', text: 'https://a.example/x', href: 'https://a.example/x' },
      { kind: 'text', text: '"<' },
      { kind: 'link', text: 'https://b.example', href: 'https://b.example' },
      { kind: 'text', text: '>' },
    ]);
  });
});
