import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults for a fresh machine', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.tokenTtlMs).toBe(12 * 3_600_000);
    expect(c.corsOrigins).toEqual([]);
    expect(c.dataDir).toMatch(/data$/);
  });

  it('reads durations and lists', () => {
    const c = loadConfig({
      TOKEN_TTL: '30m',
      LOGIN_WINDOW: '90',
      CORS_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(c.tokenTtlMs).toBe(30 * 60_000);
    expect(c.login.windowMs).toBe(90_000);
    expect(c.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('stops with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ TOKEN_TTL: 'forever' })).toThrow(/TOKEN_TTL: must be a duration/);
  });
});
