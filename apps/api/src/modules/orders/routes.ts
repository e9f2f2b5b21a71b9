import {
  API_PATHS,
  errorResponseSchema,
  MESSAGES,
  messageResponseSchema,
  orderDeleteRequestSchema,
  orderHistoryParamsSchema,
  orderHistoryQuerySchema,
  orderHistoryResponseSchema,
  orderListRequestSchema,
  orderListResponseSchema,
  orderStatusRequestSchema,
  orderStatusResponseSchema,
} from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeOrderStatus, listOrders, orderHistory, removeOrder } from './service';

const refusals = { 400: errorResponseSchema, 404: errorResponseSchema };

/** The order calls of spec 2 section 7. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.ctx.db, realtime: app.ctx.realtime });

  // The spec's list call posts an empty body, possibly with a JSON content type: within these
  // routes an empty JSON body is read as no body instead of being refused.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });

  app.post(
    API_PATHS.orderList,
    {
      // A search, not a change; its opening page's statement carries the session's revocation check (decision 054).
      config: { readOnly: true, sessionProof: true },
      schema: {
        body: orderListRequestSchema.nullish(),
        response: { 200: orderListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listOrders(app.ctx.db, request.body, request.sessionProof)),
    }),
  );

  app.get(
    API_PATHS.orderHistory,
    {
      schema: {
        params: orderHistoryParamsSchema,
        querystring: orderHistoryQuerySchema,
        response: { 200: orderHistoryResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await orderHistory(app.ctx.db, request.params.id, request.query)),
    }),
  );

  app.post(
    API_PATHS.orderStatus,
    {
      // Its one statement carries the session's proof and writes only if it holds (plugins/app/auth.ts).
      config: { sessionProof: true },
      schema: {
        body: orderStatusRequestSchema,
        // 409: a cancelled order taken back would need more units than are left (decision 055).
        response: { 200: orderStatusResponseSchema, ...refusals, 409: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: MESSAGES.orderStatusUpdated,
      order: await changeOrderStatus(deps(), request.principal, request.body, request.sessionProof),
    }),
  );

  app.post(
    API_PATHS.orderDelete,
    { schema: { body: orderDeleteRequestSchema, response: { 200: messageResponseSchema, ...refusals } } },
    async (request) => {
      await removeOrder(deps(), request.body.orderId);
      return { success: true as const, message: MESSAGES.orderDeleted };
    },
  );
};
