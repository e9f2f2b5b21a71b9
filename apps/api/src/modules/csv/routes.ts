import {
  EXPORT_PATHS,
  EXPORT_TOTAL_HEADER,
  errorResponseSchema,
  orderExportQuerySchema,
  productExportQuerySchema,
  productImportPreviewResponseSchema,
  userExportQuerySchema,
} from '@backroom/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { answerOf, multipartForm } from '../../http-answers';
import { multipartParsing } from '../../plugins/app/uploads';
import { readImportForm } from './import-form';
import { previewProductImport } from './import-preview';
import { type ExportFile, exportOrders, exportProducts, exportUsers } from './service';

const refusals = { 400: errorResponseSchema, 429: errorResponseSchema };
const uploadRefusals = { 400: errorResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema };

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
/** A CSV file, streamed as the cursor reads its rows, or a refusal. */
const csvAnswers = { 200: answerOf('text/csv'), ...refusals };

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  // The pool Drizzle was given (db/client.ts): an export checks out a connection of its own.
  const deps = () => ({ db: app.ctx.db, pool: (app.ctx.db as unknown as { $client: pg.Pool }).$client });

  app.get(
    EXPORT_PATHS.orderExport,
    { exposeHeadRoute: false, schema: { querystring: orderExportQuerySchema, response: csvAnswers } },
    async (request, reply) => sendFile(reply, await exportOrders(deps(), request.query)),
  );

  app.get(
    EXPORT_PATHS.productExport,
    { exposeHeadRoute: false, schema: { querystring: productExportQuerySchema, response: csvAnswers } },
    async (request, reply) => sendFile(reply, await exportProducts(deps(), request.query)),
  );

  app.get(
    EXPORT_PATHS.userExport,
    { exposeHeadRoute: false, schema: { querystring: userExportQuerySchema, response: csvAnswers } },
    async (request, reply) => sendFile(reply, await exportUsers(deps(), request.query)),
  );

  // The import's preview reads a form: a scope of its own, multipart parsing for it only (uploads.ts).
  await app.register(async (forms: typeof app) => {
    await forms.register(multipartParsing);
    forms.post(
      EXPORT_PATHS.productImportPreview,
      {
        schema: {
          consumes: ['multipart/form-data'],
          body: multipartForm(z.object({}), { file: 'The products CSV (at most IMPORT_MAX_BYTES)' }),
          response: { 200: productImportPreviewResponseSchema, ...uploadRefusals },
        },
      },
      async (request) => {
        const { file } = await readImportForm(request);
        return { success: true as const, ...(await previewProductImport(app.ctx.db, file)) };
      },
    );
  });
};
