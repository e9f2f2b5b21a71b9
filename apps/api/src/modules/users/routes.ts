import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Users screen calls (spec 2 section 7): list, tiles, role, delete, a user's details, orders and addresses. */
export const userRoutes: FastifyPluginAsyncZod = async () => {};
