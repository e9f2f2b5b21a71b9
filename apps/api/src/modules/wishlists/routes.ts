import {
  API_PATHS,
  errorResponseSchema,
  MESSAGES,
  messageResponseSchema,
  wishlistRequestSchema,
  wishlistResponseSchema,
} from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearUserWishlist, userWishlist } from './service';

const refusals = { 400: errorResponseSchema, 404: errorResponseSchema };

/** What the wishlist call answers alongside the entries. */
export const WISHLIST_LOADED = 'Wishlist loaded';

/** A customer's wishlist as the admin sees it: read and clear (spec 2 section 7). */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API_PATHS.wishlistUser,
    { schema: { body: wishlistRequestSchema, response: { 200: wishlistResponseSchema, ...refusals } } },
    async (request) => ({
      success: true as const,
      wishlist: await userWishlist(app.ctx.db, request.body.userId),
      message: WISHLIST_LOADED,
    }),
  );

  app.post(
    API_PATHS.wishlistClear,
    { schema: { body: wishlistRequestSchema, response: { 200: messageResponseSchema, ...refusals } } },
    async (request) => {
      await clearUserWishlist(app.ctx.db, request.body.userId);
      return { success: true as const, message: MESSAGES.wishlistCleared };
    },
  );
};
