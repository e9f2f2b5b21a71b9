import { errorResponseSchema, SEARCH_PATHS, searchQuerySchema, searchResponseSchema } from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { search } from './service';

/** The command palette's search (decision 039): admins only, as every /api route without a config says. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.ctx.db, timeZone: app.ctx.config.shopTimeZone });

  app.get(
    SEARCH_PATHS.search,
    {
      schema: {
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await search(deps(), request.query)) }),
  );
};
