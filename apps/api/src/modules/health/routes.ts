import { API_PATHS, healthResponseSchema } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * Public probes for load balancers: /api/health/live says the process answers (no database),
 * /api/health says this instance and its database answer.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.live,
    { config: { public: true }, schema: { response: { 200: healthResponseSchema } } },
    async () => ({ success: true as const, status: 'ok' as const }),
  );

  app.get(
    API_PATHS.health,
    { config: { public: true }, schema: { response: { 200: healthResponseSchema } } },
    async () => {
      await app.ctx.db.execute(sql`select 1`);
      return { success: true as const, status: 'ok' as const };
    },
  );
};
