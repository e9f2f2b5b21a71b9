import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyFingerprint, openSecret, sealSecret } from './secret-box';

describe('sealed two-factor secrets', () => {
  const key = randomBytes(32);
  const user = '65a1b2c3d4e5f60718293a4b';

  it('open with the same key for the same user, and the sealed text does not contain the secret', () => {
    const sealed = sealSecret(key, user, 'JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(sealed).not.toContain('JBSWY3DP');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(openSecret(key, user, sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DP');
  });

  it('two seals of one secret differ (a new nonce each time)', () => {
    expect(sealSecret(key, user, 'S')).not.toBe(sealSecret(key, user, 'S'));
  });

  it('do not open with another key, for another user, or once altered', () => {
    const sealed = sealSecret(key, user, 'JBSWY3DPEHPK3PXP');
    expect(openSecret(randomBytes(32), user, sealed)).toBeUndefined();
    expect(openSecret(key, '65a1b2c3d4e5f60718293a4c', sealed)).toBeUndefined();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] as string, 'base64url');
    body[0] = (body[0] as number) ^ 1;
    parts[3] = body.toString('base64url');
    expect(openSecret(key, user, parts.join('.'))).toBeUndefined();
    expect(openSecret(key, user, 'not sealed')).toBeUndefined();
  });

  it("the key's fingerprint is stable and tells keys apart", () => {
    expect(keyFingerprint(key)).toBe(keyFingerprint(Buffer.from(key)));
    expect(keyFingerprint(key)).not.toBe(keyFingerprint(randomBytes(32)));
  });
});
