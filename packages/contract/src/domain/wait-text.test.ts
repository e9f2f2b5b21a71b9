import { describe, expect, it } from 'vitest';
import { waitText } from './wait-text';

describe('waitText', () => {
  it('says seconds under a minute, then whole minutes rounded up, never less than a second', () => {
    expect(waitText(0)).toBe('1 second');
    expect(waitText(1)).toBe('1 second');
    expect(waitText(30)).toBe('30 seconds');
    expect(waitText(59.2)).toBe('1 minute');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(900)).toBe('15 minutes');
  });
});
