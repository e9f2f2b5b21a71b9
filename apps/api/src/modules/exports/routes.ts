import {
  EXPORT_PATHS,
  EXPORT_TOTAL_HEADER,
  errorResponseSchema,
  orderExportQuerySchema,
  productExportQuerySchema,
  userExportQuerySchema,
} from '@backroom/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { type ExportFile, exportOrders, exportProducts, exportUsers } from './service';

const refusals = { 400: errorResponseSchema };

/** The file as a download; the body is the stream, which the reply destroys if the client goes. */
function sendFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .header(EXPORT_TOTAL_HEADER, String(file.total))
    .send(file.stream);
}

/** The CSV exports of issue 13 (docs/decisions/034-csv.md): admins only, as every /api route. */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  // The pool Drizzle was given (db/client.ts): an export checks out a connection of its own.
  const deps = () => ({ db: app.ctx.db, pool: (app.ctx.db as unknown as { $client: pg.Pool }).$client });

  app.get(
    EXPORT_PATHS.orderExport,
    { schema: { querystring: orderExportQuerySchema, response: refusals } },
    async (request, reply) => sendFile(reply, await exportOrders(deps(), request.query)),
  );

  app.get(
    EXPORT_PATHS.productExport,
    { schema: { querystring: productExportQuerySchema, response: refusals } },
    async (request, reply) => sendFile(reply, await exportProducts(deps(), request.query)),
  );

  app.get(
    EXPORT_PATHS.userExport,
    { schema: { querystring: userExportQuerySchema, response: refusals } },
    async (request, reply) => sendFile(reply, await exportUsers(deps(), request.query)),
  );
};
