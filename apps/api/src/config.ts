import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_IMPORT_MAX_BYTES, DEFAULT_UPLOAD_MAX_BYTES, isTimeZone } from '@backroom/contract';
import { z } from 'zod';
import { repoRoot } from './repo-root';

/** '12h', '30m', '90s', '2d' or a plain number of seconds, as milliseconds. */
const duration = z
  .string()
  .trim()
  .regex(/^\d+\s*(ms|s|m|h|d)?$/, 'must be a duration such as 90s, 30m, 12h or 2d')
  .transform((value) => {
    const match = /^(\d+)\s*(ms|s|m|h|d)?$/.exec(value) as RegExpExecArray;
    const factor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] ?? 's'] ?? 1000;
    return Number(match[1]) * factor;
  });

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * DATABASE_POOL_MAX's default on the embedded cluster, which shares this machine's cores: twice the
 * cores, 4 to 10 (decision 057). More statements at once than PostgreSQL has cores only share the
 * cores: each takes longer, the heaviest the longest, and the queue is better kept in the pool,
 * first come first served. 4 on 2 cores is what the requests really had when it was 5: the socket.io
 * adapter held one for its LISTEN until it got connections of its own (db/pubsub.ts), and 5 for the
 * requests measured slower (decision 057, fourth stop). A server named by DATABASE_URL has cores
 * this machine cannot count: there the default stays 10.
 */
/** DATABASE_POOL_MAX's default with DATABASE_URL. */
export const EXTERNAL_POOL_MAX = 10;

export const defaultPoolMax = (cores = os.availableParallelism()) => Math.min(10, Math.max(4, 2 * cores));

/** Which proxies in front of the app may tell the client's address (docs/decisions/018-connections-and-proxies.md). */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** '10.0.0.1', '10.0.0.0/8', 'fd00::/8' or one of proxy-addr's names (loopback, linklocal, uniquelocal). */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): TrustProxy => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'true would trust any X-Forwarded-For a client writes itself; give the number of proxies in front ' +
          '(TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return { hops: Number(value) };
    const addresses = value
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    const bad = addresses.filter((a) => !isProxyAddress(a));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a number of proxies (1, 2 …) or addresses and CIDRs such as 10.0.0.0/8; not ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return { addresses };
  });

/**
 * The trustProxy Fastify is given. A hop count becomes a function: Fastify 5 refuses a plain number
 * (it trusts nothing then), and proxy-addr's meaning of one is what TRUST_PROXY=n asks for: the
 * socket's peer and the n-1 entries it appended are proxies; the entry before them is the client.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return trust.addresses;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  DATABASE_POOL_MAX: z.coerce.number().int().positive().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  ADMIN_EMAIL: optional,
  ADMIN_PASSWORD: optional,
  TOKEN_TTL: duration.default(12 * 3_600_000),
  LOGIN_MAX_PER_EMAIL: int(5),
  LOGIN_MAX_PER_IP: int(30),
  LOGIN_WINDOW: duration.default(15 * 60_000),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  TRUST_PROXY: trustProxy,
  HEADERS_TIMEOUT: duration.default(10_000),
  REQUEST_TIMEOUT: duration.default(60_000),
  KEEP_ALIVE_TIMEOUT: duration.default(5_000),
  LOGIN_DEVICE_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  // Encrypts two-factor secrets (docs/decisions/038-two-factor-sign-in.md): 32 bytes, hex or base64.
  TOTP_ENCRYPTION_KEY: optional.pipe(
    z
      .string()
      .transform((v) => (/^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64')))
      .refine((key) => key.length === 32, 'must be 32 bytes as 64 hex digits or base64 (openssl rand -hex 32)')
      .optional(),
  ),
  BODY_LIMIT: int(1_048_576),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_DIST: optional,
  COMPRESSION: z.enum(['on', 'off']).default('on'),
  OPENAPI_PUBLIC: z.enum(['true', 'false']).default('false'),
  UPLOAD_MAX_BYTES: int(DEFAULT_UPLOAD_MAX_BYTES),
  IMPORT_MAX_BYTES: int(DEFAULT_IMPORT_MAX_BYTES),
  S3_ENDPOINT: optional.pipe(z.url({ error: 'must be a URL such as http://127.0.0.1:9000' }).optional()),
  S3_BUCKET: optional,
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  // E-mail (docs/decisions/026-email-campaigns.md): unset SMTP_URL means the database outbox.
  SMTP_URL: optional.pipe(
    z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@host:587' })
      .optional(),
  ),
  MAIL_FROM: z
    .string()
    .trim()
    .default('no-reply@localhost')
    .refine((v) => v !== '' && !/[\r\n]/.test(v), 'must be an address such as Shop <news@example.com>, on one line'),
  MAIL_RATE: int(20),
  MAIL_RETRY_DELAY: duration.default(30_000),
  PUBLIC_URL: optional.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL such as https://shop.example.com' })
      .optional(),
  ),
  // Metrics and shutdown (docs/decisions/061-metrics.md, 062-health-and-shutdown.md).
  METRICS_TOKEN: optional.pipe(z.string().min(16, 'must be at least 16 characters (openssl rand -hex 32)').optional()),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SHUTDOWN_DELAY: duration.default(0),
  // Discount codes' calendar days (docs/decisions/027-discount-codes.md).
  SHOP_TIMEZONE: z
    .string()
    .trim()
    .transform((v) => v || 'UTC')
    .default('UTC')
    .refine(isTimeZone, 'must be an IANA time zone such as UTC, Europe/Paris or America/New_York')
    // The zone's own spelling ('europe/paris' is Europe/Paris).
    .transform((v) => new Intl.DateTimeFormat('en-US', { timeZone: v }).resolvedOptions().timeZone),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  embeddedPgPort: number | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  tokenTtlMs: number;
  login: { maxPerEmail: number; maxPerIp: number; windowMs: number };
  corsOrigins: string[];
  trustProxy: TrustProxy;
  /**
   * How long a client may take to send a request's headers, the whole request, and how long an
   * idle keep-alive connection stays open (docs/decisions/018-connections-and-proxies.md).
   */
  timeouts: { headersMs: number; requestMs: number; keepAliveMs: number };
  /** Signs login device cookies; unset, a key made once and kept in the database is used. */
  loginDeviceSecret: string | undefined;
  /** Encrypts two-factor secrets; unset, a key made once and kept in DATA_DIR/totp-encryption.key. */
  totpEncryptionKey: Buffer | undefined;
  bodyLimit: number;
  logLevel: Env['LOG_LEVEL'];
  /** The built admin (apps/admin/dist), served at /. */
  adminDist: string;
  /** Answers compressed per Accept-Encoding (decision 052); off when a proxy in front compresses them. */
  compression: boolean;
  /** The whole OpenAPI document and reference to anyone, not only the storefront's part (decision 060). */
  openapiPublic: boolean;
  /** Image uploads (docs/decisions/009-images.md): largest accepted file, local folder. */
  uploads: {
    /** The largest image upload. */
    maxBytes: number;
    /** The largest products CSV import (a file of its own size: 100,000 rows hold more than an image). */
    importMaxBytes: number;
    dir: string;
  };
  /** An S3-compatible bucket for images instead of the local folder, when S3_BUCKET is set. */
  s3: S3Config | undefined;
  /** Campaign e-mail: SMTP server (unset: the database outbox), sender, messages per second, first retry delay. */
  mail: { smtpUrl: string | undefined; from: string; ratePerSecond: number; retryDelayMs: number };
  /** Where customers reach the shop's server: absolute image and unsubscribe links in e-mails. */
  publicUrl: string;
  /** The shop's IANA time zone: discount codes' start and end dates are calendar days there. */
  shopTimeZone: string;
  /** GET /metrics with this bearer token (unset: off), and/or on this port of 127.0.0.1 (decision 061). */
  metrics: { token: string | undefined; port: number | undefined };
  /** On SIGTERM, how long readiness answers 503 before the listener closes (decision 062). */
  shutdownDelayMs: number;
}

export interface S3Config {
  /** Unset means AWS itself; set for any S3-compatible server (path-style addressing). */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

/** Parses the environment once; a bad value stops the start with a message naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  for (const name of ['HEADERS_TIMEOUT', 'REQUEST_TIMEOUT', 'KEEP_ALIVE_TIMEOUT'] as const) {
    if (e[name] <= 0) throw new Error(`Invalid configuration:\n  ${name}: must be more than 0`);
  }
  if (e.HEADERS_TIMEOUT > e.REQUEST_TIMEOUT) {
    throw new Error('Invalid configuration:\n  HEADERS_TIMEOUT: must not be longer than REQUEST_TIMEOUT');
  }
  if (e.S3_ENDPOINT && !e.S3_BUCKET) {
    throw new Error('Invalid configuration:\n  S3_BUCKET: is required when S3_ENDPOINT is set');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX ?? (e.DATABASE_URL ? EXTERNAL_POOL_MAX : defaultPoolMax()),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    tokenTtlMs: e.TOKEN_TTL,
    login: { maxPerEmail: e.LOGIN_MAX_PER_EMAIL, maxPerIp: e.LOGIN_MAX_PER_IP, windowMs: e.LOGIN_WINDOW },
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    timeouts: { headersMs: e.HEADERS_TIMEOUT, requestMs: e.REQUEST_TIMEOUT, keepAliveMs: e.KEEP_ALIVE_TIMEOUT },
    loginDeviceSecret: e.LOGIN_DEVICE_SECRET,
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY,
    bodyLimit: e.BODY_LIMIT,
    logLevel: e.LOG_LEVEL,
    adminDist: e.ADMIN_DIST ? path.resolve(e.ADMIN_DIST) : path.join(repoRoot, 'apps/admin/dist'),
    compression: e.COMPRESSION === 'on',
    openapiPublic: e.OPENAPI_PUBLIC === 'true',
    uploads: { maxBytes: e.UPLOAD_MAX_BYTES, importMaxBytes: e.IMPORT_MAX_BYTES, dir: path.join(dataDir, 'uploads') },
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, ratePerSecond: e.MAIL_RATE, retryDelayMs: e.MAIL_RETRY_DELAY },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    shopTimeZone: e.SHOP_TIMEZONE,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    shutdownDelayMs: e.SHUTDOWN_DELAY,
  };
}
