import { describe, expect, it } from 'vitest';
import { welcomeName } from './welcome-name';

describe('welcomeName', () => {
  it('takes the first word, capitalised', () => {
    expect(welcomeName('jane doe')).toBe('Jane');
    expect(welcomeName('  Ada  Lovelace ')).toBe('Ada');
  });

  it('falls back to Admin', () => {
    expect(welcomeName('')).toBe('Admin');
    expect(welcomeName('   ')).toBe('Admin');
    expect(welcomeName(undefined)).toBe('Admin');
    expect(welcomeName(null)).toBe('Admin');
  });
});
