import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** User Notifications: campaigns, their progress, the outbox, unsubscribing. */
export const emailRoutes: FastifyPluginAsyncZod = async () => {};
