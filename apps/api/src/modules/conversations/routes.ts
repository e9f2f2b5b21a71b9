import { API_PATHS, unreadResponseSchema } from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unreadCount } from './service';

export const conversationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(API_PATHS.unread, { schema: { response: { 200: unreadResponseSchema } } }, async () => ({
    success: true as const,
    unread: await unreadCount(app.ctx.db),
  }));
};
