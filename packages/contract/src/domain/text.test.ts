import { describe, expect, it } from 'vitest';
import { isStorableText } from './text';

describe('isStorableText', () => {
  it('accepts ordinary text, whitespace, other control characters and paired surrogates', () => {
    for (const value of [
      '',
      'Spider-Man',
      'línea\tuno\r\ndos',
      'a\u0001b',
      '日本語',
      '😀',
      'x😀y',
      '\ud83d\ude00\ud83d\ude00',
    ]) {
      expect(isStorableText(value), JSON.stringify(value)).toBe(true);
    }
  });

  it('refuses a NUL anywhere', () => {
    for (const value of ['\u0000', 'a\u0000', '\u0000a', 'a\u0000b']) {
      expect(isStorableText(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('refuses a high surrogate without its low one, and a low one without its high one', () => {
    for (const value of [
      '\ud800',
      'a\ud800',
      '\ud800a',
      '\udbff\udbff',
      '\udc00',
      'a\udfff',
      '\udc00\ud800',
      '😀\ude00',
    ]) {
      expect(isStorableText(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('agrees with String.prototype.isWellFormed (ES2024) for surrogates', () => {
    const isWellFormed = (value: string) => (value as unknown as { isWellFormed(): boolean }).isWellFormed();
    const units = ['a', '\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', '\ude00'];
    for (const a of units) {
      for (const b of units) {
        for (const c of units) {
          const value = a + b + c;
          expect(isStorableText(value), JSON.stringify(value)).toBe(isWellFormed(value));
        }
      }
    }
  });
});
