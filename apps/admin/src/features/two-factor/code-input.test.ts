import { describe, expect, it } from 'vitest';
import { codeFieldError } from './code-input';

describe('the code field', () => {
  it('requires a code', () => {
    expect(codeFieldError('  ', false)).toBe('Code is required');
  });

  it('takes six digits, and a recovery code only where one may stand in', () => {
    expect(codeFieldError('123 456', false)).toBeUndefined();
    expect(codeFieldError('ABCD-EFGH-JKLM-N234', false)).toBe('Enter the 6-digit code from your authenticator app');
    expect(codeFieldError('abcd-efgh-jklm-n234', true)).toBeUndefined();
    expect(codeFieldError('12345', true)).toBe('Enter the 6-digit code from your authenticator app or a recovery code');
  });
});
