import { describe, expect, it } from 'vitest';
import { senderAddress } from './sender-address';

describe('senderAddress', () => {
  it('reads the address and its domain from MAIL_FROM, with or without a name', () => {
    expect(senderAddress('Our Shop <News@Mail.Example.org>')).toEqual({
      address: 'News@Mail.Example.org',
      domain: 'mail.example.org',
    });
    expect(senderAddress('no-reply@localhost')).toEqual({ address: 'no-reply@localhost', domain: 'localhost' });
    expect(senderAddress('"Shop, Inc." <a@b.example>')).toEqual({ address: 'a@b.example', domain: 'b.example' });
  });

  it('writes an international domain in ASCII, and falls back to localhost without one', () => {
    expect(senderAddress('Café <news@café.example>').domain).toBe('xn--caf-dma.example');
    expect(senderAddress('Shop').domain).toBe('localhost');
  });
});
