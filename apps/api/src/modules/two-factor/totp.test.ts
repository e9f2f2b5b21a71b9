import { TWO_FACTOR, timeStepAt } from '@backroom/contract';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { matchingStep, newTotpSecret, otpauthUrl, qrCodeDataUrl } from './totp';

const secret = newTotpSecret();
/** A moment in the middle of a step, and the code an app shows `steps` steps away from it. */
const now = 1_800_000_000_000 + 15_000;
const codeAt = (steps: number) => generate({ secret, epoch: now / 1000 + steps * TWO_FACTOR.periodSeconds });

describe('authenticator codes', () => {
  it('RFC 6238: SHA-1, 6 digits, 30 s (the RFC test vector at 59 s)', async () => {
    // RFC 6238 appendix B, seed '12345678901234567890', T = 59: 94287082 (8 digits), so 287082 with 6.
    const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(await generate({ secret: rfcSecret, epoch: 59 })).toBe('287082');
  });

  it('accepts the current step and one either side, answering the step', async () => {
    const step = timeStepAt(now);
    expect(await matchingStep(secret, await codeAt(0), now)).toBe(step);
    expect(await matchingStep(secret, await codeAt(-1), now)).toBe(step - 1);
    expect(await matchingStep(secret, await codeAt(1), now)).toBe(step + 1);
  });

  it('refuses two steps away, and a wrong code', async () => {
    expect(await matchingStep(secret, await codeAt(-2), now)).toBeNull();
    expect(await matchingStep(secret, await codeAt(2), now)).toBeNull();
    const right = await codeAt(0);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(await matchingStep(secret, wrong, now)).toBeNull();
  });

  it('the same skew holds at the very start and end of a step', async () => {
    const start = Math.floor(now / 30_000) * 30_000;
    const end = start + 29_999;
    const at = (ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });
    expect(await matchingStep(secret, await at(start - 30_000), end)).toBe(timeStepAt(start) - 1);
    expect(await matchingStep(secret, await at(start + 30_000), start)).toBe(timeStepAt(start) + 1);
    expect(await matchingStep(secret, await at(start - 60_000), start)).toBeNull();
  });

  it('makes a 160-bit base32 secret, an otpauth address and a QR code picture', async () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = otpauthUrl(secret, 'ann@example.com');
    expect(url).toMatch(/^otpauth:\/\/totp\/Backroom:ann%40example\.com\?/);
    expect(url).toContain(`secret=${secret}`);
    const qr = await qrCodeDataUrl(url);
    expect(qr.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(qr.split(',')[1] as string, 'base64').toString('utf8')).toContain('<svg');
  });
});

describe('recovery codes', () => {
  it('ten distinct 16-character base32 codes, hashed to 64 hex digits', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{16}$/);
    expect(hashRecoveryCode(codes[0] as string)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(codes[0] as string)).not.toBe(hashRecoveryCode(codes[1] as string));
  });
});
