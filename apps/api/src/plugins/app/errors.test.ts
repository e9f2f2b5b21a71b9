import { describe, expect, it } from 'vitest';
import { validationMessage } from './errors';

describe('validationMessage', () => {
  it('names the field of the first problem', () => {
    expect(validationMessage([{ instancePath: '/email', message: 'is required' }], 'body')).toBe('email: is required');
    expect(validationMessage([{ instancePath: '/address/zip', message: 'is too long' }], 'body')).toBe(
      'address.zip: is too long',
    );
  });

  it('names unknown fields', () => {
    expect(validationMessage([{ instancePath: '/', message: 'x', params: { keys: ['role', 'x'] } }], 'body')).toBe(
      'role, x: is not allowed',
    );
  });

  it('falls back to the part of the request', () => {
    expect(validationMessage([{ instancePath: '/', message: 'expected object' }], 'body')).toBe(
      'body: expected object',
    );
  });
});
