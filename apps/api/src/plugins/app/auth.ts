import { TOKEN_HEADER } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { authenticateSession, type Principal, requireKind } from '../../modules/auth/service';
import { SessionCache } from '../../modules/auth/session-cache';
import { hashToken } from '../../modules/auth/tokens';

/**
 * Every /api route needs an admin's token unless its config says public, or a customer's token
 * when its config says access 'customer' (the storefront's calls, decision 029). Checked in onRequest,
 * before the body is even read, so an anonymous caller costs one indexed lookup at most. A session
 * checked a moment ago is remembered for a few seconds, and forgotten the moment it is revoked
 * (modules/auth/session-cache.ts, decision 020).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  // The pool Drizzle was given (db/client.ts): the cache opens its own connection to the same database.
  const pool = (app.ctx.db as unknown as { $client: pg.Pool }).$client;
  const cache = new SessionCache({ databaseUrl: String(pool.options.connectionString), log: app.log });
  await cache.start();
  app.addHook('onClose', async () => {
    await cache.close();
  });

  app.decorateRequest('principal', null as unknown as Principal);
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.public) return;
    if (!request.routeOptions.url?.startsWith('/api')) return;
    const header = request.headers[TOKEN_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    // Only a token authenticate() would look up can be remembered; the rest go straight to it.
    const principal =
      !token || token.length > 200
        ? await authenticateSession(app.ctx.db, token)
        : await cache.principal(hashToken(token), () => authenticateSession(app.ctx.db, token));
    request.principal = requireKind(principal, request.routeOptions.config.access ?? 'admin');
  });
});
