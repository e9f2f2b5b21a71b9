import type { IncomingMessage, ServerResponse } from 'node:http';
import { COLOR_SCHEME_SCRIPT_CSP, FIRST_SCREEN_PRELOAD_SCRIPT_CSP } from '@backroom/contract';
import cors from '@fastify/cors';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
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
 * The headers of an API answer (JSON, a CSV, a refusal): what a response that is not a document
 * needs (OWASP's REST Security cheat sheet). A browser applies a CSP, the opener, referrer, DNS
 * prefetch and XSS policies only to a document it renders, so the admin page's long set (844-byte
 * answers, 814 of them headers, for a 30-byte JSON body) bought an API answer nothing: here
 * `default-src 'none'` (nothing loads if the answer is ever rendered) and `frame-ancestors 'none'`,
 * never sniffed into another type, never framed, not readable by another origin's page
 * (decision 054's last amendment).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
});

/** An /api URL, whose answers are data unless the route says it answers a page (`answersPage`). */
const isApiUrl = (url: string) => url.startsWith('/api/');

/** True for a route whose response schema lists an HTML answer (answerOf('text/html'), jsonOrHtml). */
export function answersPage(schema: { response?: unknown } | undefined): boolean {
  const answers = Object.values((schema?.response ?? {}) as Record<string, { content?: Record<string, unknown> }>);
  return answers.some((answer) => Object.keys(answer?.content ?? {}).some((type) => type.startsWith('text/html')));
}

/**
 * Security headers on every response, and CORS closed unless CORS_ORIGINS lists origins (the
 * admin is served from the same origin, so it needs no CORS at all). Documents (the admin's
 * pages and files, and the /api routes that answer HTML: the API reference, the unsubscribe page)
 * get helmet's full set with the admin's CSP; every other /api answer gets API_SECURITY_HEADERS.
 * One precomputed object set per request, chosen by the URL's prefix; a page under /api gets the
 * full set from a hook of its own, after this one.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { corsOrigins: string[] }) => {
  const documents = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiUrl(request.url) ? API_SECURITY_HEADERS : documents);
    done();
  });
  const pageHeaders: onRequestHookHandler = (_request, reply, done) => {
    reply.headers(documents);
    done();
  };
  app.addHook('onRoute', (route) => {
    if (!isApiUrl(route.url) || !answersPage(route.schema)) return;
    route.onRequest = [pageHeaders, ...[route.onRequest ?? []].flat()];
  });
  if (opts.corsOrigins.length > 0) {
    await app.register(cors, { origin: opts.corsOrigins, credentials: true });
  }
});
