import {
  API_PATHS,
  adminMessageRequestSchema,
  conversationListQuerySchema,
  conversationListResponseSchema,
  conversationParamsSchema,
  errorResponseSchema,
  MESSAGES,
  messageResponseSchema,
  sentMessageResponseSchema,
  threadParamsSchema,
  threadQuerySchema,
  threadResponseSchema,
  unreadResponseSchema,
} from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerMessageRoutes } from './customer-routes';
import { adminThread, conversationList, removeConversation, sendAdminMessage, unreadCount } from './service';

/** The Messages screen's calls (spec 2 section 7, decision 030); the storefront's are in customer-routes.ts. */
export const conversationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.ctx.db, realtime: app.ctx.realtime });

  app.get(
    API_PATHS.unread,
    // Runs beside the session's revocation check (decision 054).
    { config: { readOnly: true }, schema: { response: { 200: unreadResponseSchema } } },
    async () => ({ success: true as const, unread: await unreadCount(app.ctx.db) }),
  );

  app.get(
    API_PATHS.conversations,
    {
      schema: {
        querystring: conversationListQuerySchema,
        response: { 200: conversationListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await conversationList(app.ctx.db, request.query)) }),
  );

  app.delete(
    API_PATHS.conversation,
    {
      schema: {
        params: conversationParamsSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      await removeConversation(deps(), request.params.id);
      return { success: true as const, message: MESSAGES.conversationDeleted };
    },
  );

  app.get(
    API_PATHS.adminThread,
    {
      schema: {
        params: threadParamsSchema,
        querystring: threadQuerySchema,
        response: { 200: threadResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await adminThread(deps(), request.params.conversationId, request.query)),
    }),
  );

  app.post(
    API_PATHS.adminMessage,
    {
      schema: {
        body: adminMessageRequestSchema,
        response: { 200: sentMessageResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await sendAdminMessage(deps(), request.principal.userId, request.body)),
    }),
  );

  await app.register(customerMessageRoutes);
};
