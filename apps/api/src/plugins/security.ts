import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every response and CORS closed unless CORS_ORIGINS lists origins. The
 * admin is served from the same origin, so it needs no CORS at all.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { corsOrigins: string[] }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  });
  if (opts.corsOrigins.length > 0) {
    await app.register(cors, { origin: opts.corsOrigins, credentials: true });
  }
});
