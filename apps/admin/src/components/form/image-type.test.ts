import { describe, expect, it } from 'vitest';
import { isImageType } from './image-type';

describe('isImageType', () => {
  it('takes image files only', () => {
    expect(isImageType('image/png')).toBe(true);
    expect(isImageType('image/svg+xml')).toBe(true);
    expect(isImageType('text/plain')).toBe(false);
    expect(isImageType('')).toBe(false);
  });
});
