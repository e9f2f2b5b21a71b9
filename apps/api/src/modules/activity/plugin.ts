import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { activityContextPlugin } from './context';
import { activityRoutes } from './routes';

/** The activity log: the request context the recorder reads (for every route) and the log's own routes. */
export const activityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(activityContextPlugin);
  await app.register(activityRoutes);
});
