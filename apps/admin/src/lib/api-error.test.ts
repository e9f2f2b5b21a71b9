import { errorResponseSchema, MESSAGES } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, isErrorAnswer, showsLoadError } from './api-error';

describe('showsLoadError', () => {
  it('leaves a refused token to the session, which ends with its own message', () => {
    expect(showsLoadError(new ApiError(401, MESSAGES.sessionExpired))).toBe(false);
    expect(showsLoadError(new ApiError(403, 'Access denied'))).toBe(false);
  });

  it('shows every other failure on the screen', () => {
    expect(showsLoadError(new ApiError(0, undefined))).toBe(true);
    expect(showsLoadError(new ApiError(500, undefined))).toBe(true);
    expect(showsLoadError(new ApiError(400, 'page: must be at least 1'))).toBe(true);
    expect(showsLoadError(new Error('boom'))).toBe(true);
  });
});

describe('errorMessage', () => {
  it("answers the server's message, else 'Server error' for an unreachable or failed server, else the fallback", () => {
    expect(errorMessage(new ApiError(400, 'price: must be at least 0'), 'fallback')).toBe('price: must be at least 0');
    expect(errorMessage(new ApiError(0, undefined), 'fallback')).toBe(MESSAGES.serverError);
    expect(errorMessage(new ApiError(502, undefined), 'fallback')).toBe(MESSAGES.serverError);
    expect(errorMessage(new ApiError(404, undefined), 'fallback')).toBe('fallback');
  });
});

describe('isErrorAnswer', () => {
  it("agrees with the contract's errorResponseSchema", () => {
    const answers: unknown[] = [
      { success: false, message: 'Invalid credentials' },
      { success: false, message: '' },
      { success: false, message: 'x', extra: 1 },
      { success: true, message: 'ok' },
      { success: false },
      { success: 'false', message: 'x' },
      { success: false, message: 42 },
      [false, 'x'],
      Object.assign([], { success: false, message: 'x' }),
      null,
      undefined,
      'Server error',
      0,
    ];
    for (const answer of answers) expect(isErrorAnswer(answer)).toBe(errorResponseSchema.safeParse(answer).success);
  });
});
