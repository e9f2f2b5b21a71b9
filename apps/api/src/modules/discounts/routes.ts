import {
  API_PATHS,
  createDiscountRequestSchema,
  discountListQuerySchema,
  discountListResponseSchema,
  discountParamsSchema,
  discountResponseSchema,
  errorResponseSchema,
  MESSAGES,
  messageResponseSchema,
  updateDiscountRequestSchema,
} from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeDiscount, createDiscount, listDiscounts, removeDiscount } from './service';

const refusals = { 400: errorResponseSchema, 404: errorResponseSchema };

/** Discount codes (spec 2 section 7): list, create, update, delete. */
export const discountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.ctx.db, realtime: app.ctx.realtime, timeZone: app.ctx.config.shopTimeZone });

  app.get(
    API_PATHS.discountList,
    {
      schema: {
        querystring: discountListQuerySchema,
        response: { 200: discountListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await listDiscounts(deps(), request.query)) }),
  );

  app.post(
    API_PATHS.discountCreate,
    { schema: { body: createDiscountRequestSchema, response: { 200: discountResponseSchema, ...refusals } } },
    async (request) => ({
      success: true as const,
      message: MESSAGES.discountCreated,
      discount: await createDiscount(deps(), request.body),
    }),
  );

  app.put(
    API_PATHS.discount,
    {
      schema: {
        params: discountParamsSchema,
        body: updateDiscountRequestSchema,
        response: { 200: discountResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      message: MESSAGES.discountUpdated,
      discount: await changeDiscount(deps(), request.params.code, request.body),
    }),
  );

  app.delete(
    API_PATHS.discount,
    { schema: { params: discountParamsSchema, response: { 200: messageResponseSchema, ...refusals } } },
    async (request) => {
      await removeDiscount(deps(), request.params.code);
      return { success: true as const, message: MESSAGES.discountDeleted };
    },
  );
};
