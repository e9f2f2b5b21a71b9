import { describe, expect, it } from 'vitest';
import { defaultPoolMax, fastifyTrustProxy, loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults for a fresh machine', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.tokenTtlMs).toBe(12 * 3_600_000);
    expect(c.corsOrigins).toEqual([]);
    expect(c.dataDir).toMatch(/data$/);
  });

  it('sizes the embedded database pool by the cores, 4 to 10, a DATABASE_URL pool 10, unless DATABASE_POOL_MAX says', () => {
    expect([1, 2, 3, 5, 16].map((cores) => defaultPoolMax(cores))).toEqual([4, 4, 6, 10, 10]);
    expect(loadConfig({}).databasePoolMax).toBe(defaultPoolMax());
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/shop' }).databasePoolMax).toBe(10);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/shop', DATABASE_POOL_MAX: '20' }).databasePoolMax).toBe(
      20,
    );
    expect(loadConfig({ DATABASE_POOL_MAX: '7' }).databasePoolMax).toBe(7);
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
  it('keeps images under DATA_DIR/uploads, at most 8 MB each (a CSV import 32 MB), unless told otherwise', () => {
    const c = loadConfig({ DATA_DIR: '/srv/shop' });
    expect(c.uploads).toEqual({
      maxBytes: 8 * 1024 * 1024,
      importMaxBytes: 32 * 1024 * 1024,
      dir: '/srv/shop/uploads',
    });
    expect(c.s3).toBeUndefined();
    expect(loadConfig({ UPLOAD_MAX_BYTES: '1000000' }).uploads.maxBytes).toBe(1_000_000);
    expect(loadConfig({ IMPORT_MAX_BYTES: '20000000' }).uploads.importMaxBytes).toBe(20_000_000);
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

describe('connection timeouts', () => {
  it('closes slow requests and idle sockets by default', () => {
    expect(loadConfig({}).timeouts).toEqual({ headersMs: 10_000, requestMs: 60_000, keepAliveMs: 5_000 });
  });

  it('reads durations', () => {
    const c = loadConfig({ HEADERS_TIMEOUT: '500ms', REQUEST_TIMEOUT: '2m', KEEP_ALIVE_TIMEOUT: '65s' });
    expect(c.timeouts).toEqual({ headersMs: 500, requestMs: 120_000, keepAliveMs: 65_000 });
  });

  it('refuses no timeout at all, and headers allowed longer than the whole request', () => {
    expect(() => loadConfig({ REQUEST_TIMEOUT: '0' })).toThrow(/REQUEST_TIMEOUT: must be more than 0/);
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT: 'never' })).toThrow(/KEEP_ALIVE_TIMEOUT: must be a duration/);
    expect(() => loadConfig({ HEADERS_TIMEOUT: '2m', REQUEST_TIMEOUT: '1m' })).toThrow(
      /HEADERS_TIMEOUT: must not be longer than REQUEST_TIMEOUT/,
    );
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a number of proxies or their addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8,loopback' }).trustProxy).toEqual({
      addresses: ['10.0.0.0/8', '127.0.0.1', 'fd00::/8', 'loopback'],
    });
  });

  it('refuses true, which would trust the address a client writes itself', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust .*TRUST_PROXY=1/);
  });

  it('refuses what is not an address', () => {
    for (const value of ['10.0.0.0/33', 'example.com', '10.0.0.1/8/1', 'yes', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: must be false, a number/);
    }
  });

  it('gives Fastify a hop count as a function (Fastify trusts nothing for a plain number)', () => {
    const trust = fastifyTrustProxy({ hops: 1 });
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect(trust('10.0.0.2', 0)).toBe(true);
    expect(trust('198.51.100.1', 1)).toBe(false);
    expect(fastifyTrustProxy({ addresses: ['10.0.0.0/8'] })).toEqual(['10.0.0.0/8']);
    expect(fastifyTrustProxy(false)).toBe(false);
  });
});

describe('LOGIN_DEVICE_SECRET', () => {
  it('is optional, and at least 32 characters when set', () => {
    expect(loadConfig({}).loginDeviceSecret).toBeUndefined();
    expect(loadConfig({ LOGIN_DEVICE_SECRET: 'x'.repeat(32) }).loginDeviceSecret).toBe('x'.repeat(32));
    expect(() => loadConfig({ LOGIN_DEVICE_SECRET: 'short' })).toThrow(/LOGIN_DEVICE_SECRET: must be at least 32/);
  });
});

describe('TOTP_ENCRYPTION_KEY', () => {
  it('is optional, and 32 bytes as hex or base64 when set', () => {
    expect(loadConfig({}).totpEncryptionKey).toBeUndefined();
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: hex }).totpEncryptionKey).toEqual(Buffer.from(hex, 'hex'));
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: base64 }).totpEncryptionKey).toEqual(Buffer.alloc(32, 7));
    expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: 'short' })).toThrow(/TOTP_ENCRYPTION_KEY: must be 32 bytes/);
  });
});

describe('e-mail', () => {
  it('uses the database outbox, 20 messages a second and this server as the public address unless told', () => {
    const c = loadConfig({ PORT: '4100' });
    expect(c.mail).toEqual({ smtpUrl: undefined, from: 'no-reply@localhost', ratePerSecond: 20, retryDelayMs: 30_000 });
    expect(c.publicUrl).toBe('http://localhost:4100');
  });

  it('reads an smtp:// or smtps:// server, the sender, the rate and the public address', () => {
    const c = loadConfig({
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      MAIL_FROM: 'Shop <news@example.com>',
      MAIL_RATE: '5',
      MAIL_RETRY_DELAY: '2m',
      PUBLIC_URL: 'https://shop.example.com/',
    });
    expect(c.mail).toEqual({
      smtpUrl: 'smtps://user:secret@mail.example.com:465',
      from: 'Shop <news@example.com>',
      ratePerSecond: 5,
      retryDelayMs: 120_000,
    });
    expect(c.publicUrl).toBe('https://shop.example.com');
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.smtpUrl).toBe('smtp://127.0.0.1:2525');
  });

  it('refuses other URLs, a sender over two lines and a rate of 0', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL: must be an http/);
    expect(() => loadConfig({ MAIL_FROM: 'a@example.com\r\nBcc: b@example.com' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ MAIL_RATE: '0' })).toThrow(/MAIL_RATE/);
  });
});

describe('SHOP_TIMEZONE', () => {
  it('is UTC unless told, and takes IANA names in their own spelling', () => {
    expect(loadConfig({}).shopTimeZone).toBe('UTC');
    expect(loadConfig({ SHOP_TIMEZONE: '' }).shopTimeZone).toBe('UTC');
    expect(loadConfig({ SHOP_TIMEZONE: 'Pacific/Auckland' }).shopTimeZone).toBe('Pacific/Auckland');
    expect(loadConfig({ SHOP_TIMEZONE: ' europe/paris ' }).shopTimeZone).toBe('Europe/Paris');
  });

  it('stops the start on a name the runtime does not know', () => {
    expect(() => loadConfig({ SHOP_TIMEZONE: 'Mars/Olympus' })).toThrow(/SHOP_TIMEZONE: must be an IANA time zone/);
  });
});

describe('metrics and shutdown', () => {
  it('keeps metrics off and stops at once unless told', () => {
    const c = loadConfig({});
    expect(c.metrics).toEqual({ token: undefined, port: undefined });
    expect(c.shutdownDelayMs).toBe(0);
  });

  it('reads the token, the port and the delay, and refuses a short token', () => {
    const c = loadConfig({ METRICS_TOKEN: 'x'.repeat(16), METRICS_PORT: '9464', SHUTDOWN_DELAY: '10s' });
    expect(c.metrics).toEqual({ token: 'x'.repeat(16), port: 9464 });
    expect(c.shutdownDelayMs).toBe(10_000);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: '' }).metrics.token).toBeUndefined();
  });
});
