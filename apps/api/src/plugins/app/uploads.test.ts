import { describe, expect, it } from 'vitest';
import { isMalformedMultipart } from './uploads';

describe('isMalformedMultipart', () => {
  it("knows busboy's refusals of a body it cannot read", () => {
    for (const message of [
      'Multipart: Boundary not found',
      'Unexpected end of multipart data',
      'Part terminated early due to unexpected end of multipart data',
    ]) {
      expect(isMalformedMultipart(new Error(message)), message).toBe(true);
    }
  });

  it('leaves every other error alone, even one with the same text and a code or status', () => {
    const coded = Object.assign(new Error('Unexpected end of multipart data'), { code: 'EPIPE' });
    const withStatus = Object.assign(new Error('Unexpected end of multipart data'), { statusCode: 500 });
    for (const error of [
      new Error('connect ECONNREFUSED'),
      new Error('Unexpected end of JSON input'),
      coded,
      withStatus,
      'Unexpected end of multipart data',
      null,
    ]) {
      expect(isMalformedMultipart(error)).toBe(false);
    }
  });
});
