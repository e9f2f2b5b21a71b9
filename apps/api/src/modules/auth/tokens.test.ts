import { describe, expect, it } from 'vitest';
import { isTokenShaped, newToken } from './tokens';

describe('isTokenShaped', () => {
  it('holds for every token newToken makes', () => {
    for (let i = 0; i < 200; i += 1) expect(isTokenShaped(newToken())).toBe(true);
  });

  it('refuses what no login hands out: other lengths, other characters, NUL, surrogates', () => {
    const token = newToken();
    for (const bad of [
      '',
      'not-a-token',
      token.slice(1),
      `${token}A`,
      `${token.slice(1)}\u0000`,
      `${token.slice(1)}\ud800`,
      `${token.slice(1)}=`,
      `${token.slice(1)}+`,
      'x'.repeat(100_000),
    ]) {
      expect(isTokenShaped(bad), JSON.stringify(bad.slice(0, 50))).toBe(false);
    }
  });
});
