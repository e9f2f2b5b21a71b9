import {
  errorResponseSchema,
  IMPORT_FINGERPRINT_FIELD,
  IMPORT_PATHS,
  importFingerprintSchema,
  productImportDoneResponseSchema,
  productImportQueuedResponseSchema,
} from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { multipartForm } from '../../http-answers';
import { HttpError } from '../../http-error';
import { multipartParsing } from '../../plugins/app/uploads';
import { readImportForm } from './import-form';
import { confirmProductImport, type ImportDeps } from './import-service';

export interface ImportRoutesOptions {
  /** The bulk module's deps: an import above the inline limit runs on its job queue. */
  deps: ImportDeps;
}

/**
 * POST /api/product/import (docs/decisions/036-product-import.md): the confirm step of an import,
 * admins only as every /api route. Registered by the bulk module, whose job queue runs large imports.
 */
export const importRoutes: FastifyPluginAsyncZod<ImportRoutesOptions> = async (app, { deps }) => {
  // A form: a scope of its own, multipart parsing for it only (uploads.ts).
  await app.register(async (forms: typeof app) => {
    await forms.register(multipartParsing);
    forms.post(
      IMPORT_PATHS.productImport,
      {
        schema: {
          consumes: ['multipart/form-data'],
          body: multipartForm(z.object({ [IMPORT_FINGERPRINT_FIELD]: importFingerprintSchema }), {
            file: 'The products CSV, the file the preview read (at most IMPORT_MAX_BYTES)',
          }),
          response: {
            200: productImportDoneResponseSchema,
            202: productImportQueuedResponseSchema,
            400: errorResponseSchema,
            409: errorResponseSchema,
            413: errorResponseSchema,
            415: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const { file, fields } = await readImportForm(request, [IMPORT_FINGERPRINT_FIELD]);
        const fingerprint = importFingerprintSchema.safeParse(fields[IMPORT_FINGERPRINT_FIELD]);
        if (!fingerprint.success) {
          throw new HttpError(400, `${IMPORT_FINGERPRINT_FIELD}: ${fingerprint.error.issues[0]?.message}`);
        }
        const start = await confirmProductImport(deps, request.principal.userId, file, fingerprint.data);
        return start.ran
          ? reply.code(200).send({ success: true as const, message: start.message, result: start.result })
          : reply.code(202).send({ success: true as const, jobId: start.jobId, total: start.total });
      },
    );
  });
};
