import {
  API_PATHS,
  errorResponseSchema,
  MESSAGES,
  optionsResponseSchema,
  saveOptionsRequestSchema,
  saveOptionsResponseSchema,
} from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getOptionSets, saveOptionSets } from './service';

/** The variant option sets (GET/PUT /api/options), shared by every admin. */
export const optionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(API_PATHS.options, { schema: { response: { 200: optionsResponseSchema } } }, async () => ({
    success: true as const,
    options: await getOptionSets(app.ctx.db),
  }));

  app.put(
    API_PATHS.options,
    {
      schema: {
        body: saveOptionsRequestSchema,
        response: { 200: saveOptionsResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: MESSAGES.optionsSaved,
      options: await saveOptionSets({ db: app.ctx.db, realtime: app.ctx.realtime }, request.body.options),
    }),
  );
};
