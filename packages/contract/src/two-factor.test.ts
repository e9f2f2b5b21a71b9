import { describe, expect, it } from 'vitest';
import {
  acceptedSteps,
  disableTwoFactorRequestSchema,
  formatRecoveryCode,
  isFreshStep,
  loginAnswerSchema,
  parseSecondFactor,
  TWO_FACTOR_MESSAGES,
  timeStepAt,
  totpCodeSchema,
  twoFactorLoginRequestSchema,
} from './two-factor';

describe('two-factor codes as typed', () => {
  it('reads six digits, with the space apps show in the middle', () => {
    expect(parseSecondFactor('123456')).toEqual({ kind: 'totp', code: '123456' });
    expect(parseSecondFactor(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
  });

  it('reads a recovery code in any case, with or without dashes', () => {
    const code = { kind: 'recovery', code: 'ABCDEFGHJKLMN234' };
    expect(parseSecondFactor('ABCD-EFGH-JKLM-N234')).toEqual(code);
    expect(parseSecondFactor('abcd efgh jklm n234')).toEqual(code);
  });

  it('refuses anything else: five or seven digits, letters outside base32, empty', () => {
    for (const typed of ['12345', '1234567', 'ABCD-EFGH-JKLM-N231', 'ABCD-EFGH', '', '12345a']) {
      expect(parseSecondFactor(typed), typed).toBeNull();
    }
  });

  it('shows a recovery code in groups of four', () => {
    expect(formatRecoveryCode('ABCDEFGHJKLMN234')).toBe('ABCD-EFGH-JKLM-N234');
  });
});

describe('time steps', () => {
  it('counts 30-second steps from the epoch (RFC 6238)', () => {
    expect(timeStepAt(0)).toBe(0);
    expect(timeStepAt(29_999)).toBe(0);
    expect(timeStepAt(30_000)).toBe(1);
    // RFC 6238's test vector time 1111111109 s is step 0x23523EC.
    expect(timeStepAt(1_111_111_109_000)).toBe(0x23523ec);
  });

  it('accepts one step of clock skew either way', () => {
    expect(acceptedSteps(90_000)).toEqual([2, 3, 4]);
  });

  it('takes each step once, and never one older than a step already used', () => {
    expect(isFreshStep(10, null)).toBe(true);
    expect(isFreshStep(11, 10)).toBe(true);
    expect(isFreshStep(10, 10)).toBe(false);
    expect(isFreshStep(9, 10)).toBe(false);
  });
});

describe('two-factor requests', () => {
  it('the login step names the code field when it is neither shape', () => {
    const parsed = twoFactorLoginRequestSchema.safeParse({ challenge: 'c', code: '12' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['code']);
    expect(parsed.error?.issues[0]?.message).toBe(TWO_FACTOR_MESSAGES.codeFormat);
  });

  it('the login step requires both fields and nothing else', () => {
    expect(twoFactorLoginRequestSchema.safeParse({ code: '123456' }).error?.issues[0]?.path).toEqual(['challenge']);
    expect(twoFactorLoginRequestSchema.safeParse({ challenge: 'c' }).error?.issues[0]?.path).toEqual(['code']);
    expect(twoFactorLoginRequestSchema.safeParse({ challenge: 'c', code: '123456', extra: 1 }).success).toBe(false);
  });

  it('enrolment takes only an authenticator code, not a recovery code', () => {
    expect(totpCodeSchema.parse('123 456')).toBe('123456');
    expect(totpCodeSchema.safeParse('ABCD-EFGH-JKLM-N234').success).toBe(false);
    expect(totpCodeSchema.safeParse('').error?.issues[0]?.message).toBe('is required');
  });

  it('turning it off needs the password and a code', () => {
    const parsed = disableTwoFactorRequestSchema.safeParse({ code: '123456' });
    expect(parsed.error?.issues[0]?.path).toEqual(['password']);
    expect(disableTwoFactorRequestSchema.parse({ password: 'p', code: 'abcd-efgh-jklm-n234' }).code).toEqual({
      kind: 'recovery',
      code: 'ABCDEFGHJKLMN234',
    });
  });

  it("the login's answer is the token, or a challenge for the next step", () => {
    expect(loginAnswerSchema.parse({ success: true, token: 't', message: 'm' })).toEqual({
      success: true,
      token: 't',
      message: 'm',
    });
    const challenge = { success: true, next: 'twoFactorCode', challenge: 'c', message: 'm' };
    expect(loginAnswerSchema.parse(challenge)).toEqual(challenge);
  });
});
