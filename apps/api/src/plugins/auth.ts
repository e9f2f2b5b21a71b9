import { TOKEN_HEADER } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authenticate, type Principal } from '../modules/auth/service';

/**
 * Every /api route needs an admin's token unless its config says public. Checked in onRequest,
 * before the body is even read, so an anonymous caller costs one indexed lookup at most.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('principal', null as unknown as Principal);
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.public) return;
    if (!request.routeOptions.url?.startsWith('/api')) return;
    const header = request.headers[TOKEN_HEADER];
    request.principal = await authenticate(app.ctx.db, Array.isArray(header) ? header[0] : header);
  });
});
