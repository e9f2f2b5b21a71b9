import type { IncomingMessage, ServerResponse } from 'node:http';
import { COLOR_SCHEME_SCRIPT_CSP, FIRST_SCREEN_PRELOAD_SCRIPT_CSP } from '@backroom/contract';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // The admin's own files, and the two inline scripts of its index.html, which set the colour
      // scheme before first paint and ask for the first screen's chunks early (by their hashes,
      // docs/decisions/058-lighthouse-on-a-phone.md).
      scriptSrc: ["'self'", COLOR_SCHEME_SCRIPT_CSP, FIRST_SCREEN_PRELOAD_SCRIPT_CSP],
      // Mantine sets CSS variables through style attributes and a style element.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Served over plain HTTP on a local machine too: HTTPS is the load balancer's business.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets for these options, worked out once. They are the same on every answer
 * (no per-request nonce), so building helmet's middleware for each request, as @fastify/helmet
 * does, was wasted work (decision 020).
 */
export function securityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers on every response and CORS closed unless CORS_ORIGINS lists origins. The
 * admin is served from the same origin, so it needs no CORS at all.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { corsOrigins: string[] }) => {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  if (opts.corsOrigins.length > 0) {
    await app.register(cors, { origin: opts.corsOrigins, credentials: true });
  }
});
