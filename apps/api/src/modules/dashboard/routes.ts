import { API_PATHS, dashboardSummaryResponseSchema } from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSummary } from './service';

/** The Dashboard Overview's figures (spec 2 section 2), one call. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.dashboardSummary,
    // Its statement carries the session's revocation check (decision 054).
    { config: { readOnly: true, sessionProof: true }, schema: { response: { 200: dashboardSummaryResponseSchema } } },
    async (request) => ({
      success: true as const,
      ...(await dashboardSummary(app.ctx.db, new Date(), request.sessionProof)),
    }),
  );
};
