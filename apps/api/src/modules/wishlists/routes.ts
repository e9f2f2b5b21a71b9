import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** A customer's wishlist as the admin sees it: read and clear. */
export const wishlistRoutes: FastifyPluginAsyncZod = async () => {};
