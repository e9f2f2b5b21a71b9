import {
  ACTIVITY_PATHS,
  activityListQuerySchema,
  activityListResponseSchema,
  activityRecordParamsSchema,
  activityRecordQuerySchema,
  errorResponseSchema,
} from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listActivity, listRecordActivity } from './service';

/** The activity log, read-only: no route edits or deletes an entry (docs/decisions/033-activity-log.md). */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.ctx.db, timeZone: app.ctx.config.shopTimeZone });

  app.get(
    ACTIVITY_PATHS.list,
    {
      schema: {
        querystring: activityListQuerySchema,
        response: { 200: activityListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await listActivity(deps(), request.query)) }),
  );

  app.get(
    ACTIVITY_PATHS.record,
    {
      schema: {
        params: activityRecordParamsSchema,
        querystring: activityRecordQuerySchema,
        response: { 200: activityListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listRecordActivity(deps(), request.params, request.query)),
    }),
  );
};
