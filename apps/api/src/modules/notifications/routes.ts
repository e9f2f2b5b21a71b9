import {
  errorResponseSchema,
  NOTIFICATION_PATHS,
  notificationKindsRequestSchema,
  notificationKindsResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationParamsSchema,
  notificationReadResponseSchema,
} from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chooseKinds,
  type NotificationDeps,
  notificationList,
  readAllNotifications,
  readNotification,
  receivedKinds,
} from './service';

/** The bell's calls, each for the calling admin (docs/decisions/056-notifications.md). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: NotificationDeps = { db: app.ctx.db, realtime: () => app.ctx.realtime };

  app.get(
    NOTIFICATION_PATHS.list,
    {
      schema: {
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await notificationList(app.ctx.db, request.principal.userId, request.query)),
    }),
  );

  app.post(
    NOTIFICATION_PATHS.readAll,
    { schema: { response: { 200: notificationReadResponseSchema } } },
    async (request) => ({ success: true as const, ...(await readAllNotifications(deps, request.principal.userId)) }),
  );

  app.post(
    NOTIFICATION_PATHS.read,
    {
      schema: {
        params: notificationParamsSchema,
        response: { 200: notificationReadResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await readNotification(deps, request.principal.userId, request.params.id)),
    }),
  );

  app.get(
    NOTIFICATION_PATHS.kinds,
    { schema: { response: { 200: notificationKindsResponseSchema } } },
    async (request) => ({
      success: true as const,
      kinds: await receivedKinds(app.ctx.db, request.principal.userId),
    }),
  );

  app.put(
    NOTIFICATION_PATHS.kinds,
    {
      schema: {
        body: notificationKindsRequestSchema,
        response: { 200: notificationKindsResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await chooseKinds(deps, request.principal.userId, request.body.kinds)),
    }),
  );
};
