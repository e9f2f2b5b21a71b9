import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords';
import { isCommonPassword, meetsPasswordPolicy, PASSWORD_MIN_LENGTH, PASSWORD_POLICY_MESSAGE } from './password-policy';

describe('password policy', () => {
  it('refuses anything shorter than 12 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(meetsPasswordPolicy('')).toBe(false);
    expect(meetsPasswordPolicy('Xk9#mQ2$vL7')).toBe(false); // 11
    expect(meetsPasswordPolicy('Xk9#mQ2$vL7!')).toBe(true); // 12
  });

  it('counts characters as the user sees them', () => {
    // Eleven emoji are 22 UTF-16 units but 11 characters.
    expect(meetsPasswordPolicy('🐙'.repeat(11))).toBe(false);
    expect(meetsPasswordPolicy('🐙'.repeat(12))).toBe(true);
  });

  it('refuses the common passwords of 12 characters or more, ignoring case and surrounding spaces', () => {
    expect(isCommonPassword('password1234')).toBe(true);
    expect(isCommonPassword('PassWord1234')).toBe(true);
    expect(isCommonPassword('QWERTYUIOP12')).toBe(true);
    expect(isCommonPassword(' 123456789012 ')).toBe(true);
    expect(meetsPasswordPolicy('Administrator')).toBe(false);
    expect(meetsPasswordPolicy('1qaz2wsx3edc')).toBe(false);
    expect(isCommonPassword('correct horse battery staple plum')).toBe(false);
  });

  it('ships a list where every entry would otherwise pass the length rule, lower-cased and unique', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThan(300);
    for (const entry of COMMON_PASSWORDS) {
      expect(entry.length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
      expect(entry).toBe(entry.toLowerCase());
      expect(meetsPasswordPolicy(entry)).toBe(false);
    }
    expect(new Set(COMMON_PASSWORDS).size).toBe(COMMON_PASSWORDS.length);
  });

  it('says one message for both rules', () => {
    expect(PASSWORD_POLICY_MESSAGE).toBe('must be at least 12 characters and not a commonly used password');
  });
});
