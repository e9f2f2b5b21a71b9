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

describe('uploads and image storage', () => {
  it('keeps images under DATA_DIR/uploads, at most 8 MB each, unless told otherwise', () => {
    const c = loadConfig({ DATA_DIR: '/srv/shop' });
    expect(c.uploads).toEqual({ maxBytes: 8 * 1024 * 1024, dir: '/srv/shop/uploads' });
    expect(c.s3).toBeUndefined();
    expect(loadConfig({ UPLOAD_MAX_BYTES: '1000000' }).uploads.maxBytes).toBe(1_000_000);
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: '-1' })).toThrow(/UPLOAD_MAX_BYTES/);
  });

  it('uses a bucket when S3_BUCKET is set, and needs one when S3_ENDPOINT is', () => {
    const c = loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'images', S3_ACCESS_KEY_ID: 'k' });
    expect(c.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'images',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: undefined,
    });
    expect(loadConfig({ S3_BUCKET: 'images' }).s3?.endpoint).toBeUndefined();
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: is required/);
    expect(() => loadConfig({ S3_ENDPOINT: 'not a url', S3_BUCKET: 'b' })).toThrow(/S3_ENDPOINT: must be a URL/);
  });
});
