import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Admin Management: the admin list, creating an admin, editing one's name and e-mail. */
export const adminRoutes: FastifyPluginAsyncZod = async () => {};
