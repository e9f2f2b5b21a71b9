import {
  CUSTOMER_PATHS,
  customerBundleListResponseSchema,
  customerDiscountParamsSchema,
  customerDiscountResponseSchema,
  customerOrderListQuerySchema,
  customerOrderListResponseSchema,
  customerProductListQuerySchema,
  customerProductListResponseSchema,
  customerProductParamsSchema,
  customerProductResponseSchema,
  customerWishlistParamsSchema,
  customerWishlistRequestSchema,
  customerWishlistResponseSchema,
  errorResponseSchema,
  placeOrderRequestSchema,
  placeOrderResponseSchema,
  STOREFRONT_MESSAGES,
} from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bundlesOnSale, catalogueProduct, listCatalogue } from './catalogue';
import { checkDiscount } from './discount-check';
import { myOrders } from './my-orders';
import { placeOrder } from './place-order';
import { myWishlist, removeFromWishlist, saveToWishlist } from './wishlist';

const customer = { access: 'customer' as const };
const refusals = { 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** The storefront's catalogue, bundles, discount check, wishlist and orders (docs/customer-api.md). */
export const storefrontRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = () => ({ timeZone: app.ctx.config.shopTimeZone });

  app.get(
    CUSTOMER_PATHS.products,
    {
      config: customer,
      schema: {
        querystring: customerProductListQuerySchema,
        response: { 200: customerProductListResponseSchema, ...refusals },
      },
    },
    async (request) => ({ success: true as const, ...(await listCatalogue(app.ctx.db, request.query)) }),
  );

  app.get(
    CUSTOMER_PATHS.product,
    {
      config: customer,
      schema: { params: customerProductParamsSchema, response: { 200: customerProductResponseSchema, ...refusals } },
    },
    async (request) => ({ success: true as const, product: await catalogueProduct(app.ctx.db, request.params.id) }),
  );

  app.get(
    CUSTOMER_PATHS.bundles,
    { config: customer, schema: { response: { 200: customerBundleListResponseSchema } } },
    async () => ({ success: true as const, bundles: await bundlesOnSale(app.ctx.db, clock()) }),
  );

  app.get(
    CUSTOMER_PATHS.discount,
    {
      config: customer,
      schema: { params: customerDiscountParamsSchema, response: { 200: customerDiscountResponseSchema, ...refusals } },
    },
    async (request) => ({
      success: true as const,
      message: STOREFRONT_MESSAGES.discountApplies,
      discount: await checkDiscount(app.ctx.db, clock(), request.principal.userId, request.params.code),
    }),
  );

  app.get(
    CUSTOMER_PATHS.wishlist,
    { config: customer, schema: { response: { 200: customerWishlistResponseSchema } } },
    async (request) => ({
      success: true as const,
      message: STOREFRONT_MESSAGES.wishlistLoaded,
      wishlist: await myWishlist(app.ctx.db, request.principal.userId),
    }),
  );

  app.post(
    CUSTOMER_PATHS.wishlist,
    {
      config: customer,
      schema: { body: customerWishlistRequestSchema, response: { 200: customerWishlistResponseSchema, ...refusals } },
    },
    async (request) => ({
      success: true as const,
      message: STOREFRONT_MESSAGES.addedToWishlist,
      wishlist: await saveToWishlist(app.ctx.db, request.principal.userId, request.body.productId),
    }),
  );

  app.delete(
    CUSTOMER_PATHS.wishlistItem,
    {
      config: customer,
      schema: { params: customerWishlistParamsSchema, response: { 200: customerWishlistResponseSchema, ...refusals } },
    },
    async (request) => ({
      success: true as const,
      message: STOREFRONT_MESSAGES.removedFromWishlist,
      wishlist: await removeFromWishlist(app.ctx.db, request.principal.userId, request.params.productId),
    }),
  );

  app.post(
    CUSTOMER_PATHS.orders,
    {
      config: customer,
      schema: { body: placeOrderRequestSchema, response: { 201: placeOrderResponseSchema, ...refusals } },
    },
    async (request, reply) => {
      const deps = { db: app.ctx.db, realtime: app.ctx.realtime, ...clock() };
      const order = await placeOrder(deps, request.principal.userId, request.body);
      reply.code(201);
      return { success: true as const, message: STOREFRONT_MESSAGES.orderPlaced, order };
    },
  );

  app.get(
    CUSTOMER_PATHS.orders,
    {
      config: customer,
      schema: {
        querystring: customerOrderListQuerySchema,
        response: { 200: customerOrderListResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await myOrders(app.ctx.db, request.principal.userId, request.query)),
    }),
  );
};
