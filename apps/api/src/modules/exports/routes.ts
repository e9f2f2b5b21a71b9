import {
  EXPORT_PATHS,
  EXPORT_TOTAL_HEADER,
  errorResponseSchema,
  IMPORT_FILE_FIELD,
  orderExportQuerySchema,
  productExportQuerySchema,
  productImportPreviewResponseSchema,
  userExportQuerySchema,
} from '@backroom/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { HttpError } from '../../plugins/errors';
import { readMultipart } from '../../plugins/uploads';
import { previewProductImport } from './import-preview';
import { type ExportFile, exportOrders, exportProducts, exportUsers } from './service';

const refusals = { 400: errorResponseSchema, 429: errorResponseSchema };
const uploadRefusals = { 400: errorResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema };

/** The import's one file field; anything else in the form is refused by name. */
async function onImportFile(field: string, data: Buffer): Promise<Buffer> {
  if (field !== IMPORT_FILE_FIELD)
    throw new HttpError(400, `${field}: is not a field of this form (the CSV goes in "${IMPORT_FILE_FIELD}")`);
  return data;
}

/** The file as a download; the body is the stream, which the reply destroys if the client goes. */
function sendFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .header(EXPORT_TOTAL_HEADER, String(file.total))
    .send(file.stream);
}

/**
 * The CSV exports of issue 13 (docs/decisions/034-csv.md): admins only, as every /api route. No
 * HEAD routes: Fastify would answer one by running the whole export and dropping the bytes.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  // The pool Drizzle was given (db/client.ts): an export checks out a connection of its own.
  const deps = () => ({ db: app.ctx.db, pool: (app.ctx.db as unknown as { $client: pg.Pool }).$client });

  app.get(
    EXPORT_PATHS.orderExport,
    { exposeHeadRoute: false, schema: { querystring: orderExportQuerySchema, response: refusals } },
    async (request, reply) => sendFile(reply, await exportOrders(deps(), request.query)),
  );

  app.get(
    EXPORT_PATHS.productExport,
    { exposeHeadRoute: false, schema: { querystring: productExportQuerySchema, response: refusals } },
    async (request, reply) => sendFile(reply, await exportProducts(deps(), request.query)),
  );

  app.get(
    EXPORT_PATHS.userExport,
    { exposeHeadRoute: false, schema: { querystring: userExportQuerySchema, response: refusals } },
    async (request, reply) => sendFile(reply, await exportUsers(deps(), request.query)),
  );

  app.post(
    EXPORT_PATHS.productImportPreview,
    { schema: { response: { 200: productImportPreviewResponseSchema, ...uploadRefusals } } },
    async (request) => {
      const form = await readMultipart(request, onImportFile);
      const extra = Object.keys(form.fields)[0];
      if (extra !== undefined) throw new HttpError(400, `${extra}: is not a field of this form`);
      if (form.files.length === 0) throw new HttpError(400, `${IMPORT_FILE_FIELD}: is required (a CSV file)`);
      if (form.files.length > 1) throw new HttpError(400, `${IMPORT_FILE_FIELD}: one file at a time`);
      const file = form.files[0]?.value as Buffer;
      return { success: true as const, ...(await previewProductImport(app.ctx.db, file)) };
    },
  );
};
