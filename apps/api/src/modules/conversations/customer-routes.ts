import {
  CUSTOMER_PATHS,
  customerConversationQuerySchema,
  customerConversationResponseSchema,
  customerMessageRequestSchema,
  customerMessagesQuerySchema,
  customerMessagesResponseSchema,
  errorResponseSchema,
  sentMessageResponseSchema,
} from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerConversation, customerMessages, sendCustomerMessage } from './customer-service';

/** The storefront's chat calls (docs/customer-api.md): the signed-in customer's own conversation only. */
export const customerMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    CUSTOMER_PATHS.conversation,
    {
      config: { access: 'customer' },
      schema: {
        querystring: customerConversationQuerySchema,
        response: { 200: customerConversationResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await customerConversation(app.ctx.db, request.principal.userId, request.query)),
    }),
  );

  app.get(
    CUSTOMER_PATHS.messages,
    {
      config: { access: 'customer' },
      schema: {
        querystring: customerMessagesQuerySchema,
        response: { 200: customerMessagesResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await customerMessages(app.ctx.db, request.principal.userId, request.query)),
    }),
  );

  app.post(
    CUSTOMER_PATHS.messages,
    {
      config: { access: 'customer' },
      schema: {
        body: customerMessageRequestSchema,
        response: { 200: sentMessageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      // A TooManyMessages 429 carries its Retry-After (the error handler sends it).
      const message = await sendCustomerMessage(
        { db: app.ctx.db, realtime: app.ctx.realtime, log: app.log },
        request.principal.userId,
        request.body.body,
      );
      return { success: true as const, ...message };
    },
  );
};
