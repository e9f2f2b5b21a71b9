import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The shop's visibility settings. */
export const settingRoutes: FastifyPluginAsyncZod = async () => {};
