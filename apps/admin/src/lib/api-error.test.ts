import { MESSAGES } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, showsLoadError } from './api-error';

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
