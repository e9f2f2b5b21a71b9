import { IMPORT_FILE_FIELD } from '@backroom/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http-error';
import { readMultipart } from '../../plugins/app/uploads';

/** The import's one file field; any other file field is refused by name. */
async function onImportFile(field: string, data: Buffer): Promise<Buffer> {
  if (field !== IMPORT_FILE_FIELD)
    throw new HttpError(400, `${field}: is not a field of this form (the CSV goes in "${IMPORT_FILE_FIELD}")`);
  return data;
}

/**
 * An import's multipart form: exactly one CSV in `file` (at most IMPORT_MAX_BYTES), and only the
 * text fields named (each answered, undefined when not sent); anything else is refused naming the field.
 */
export async function readImportForm<F extends string>(
  request: FastifyRequest,
  textFields: readonly F[] = [],
): Promise<{ file: Buffer; fields: Partial<Record<F, string>> }> {
  const form = await readMultipart(request, onImportFile, request.server.ctx.config.uploads.importMaxBytes);
  const extra = Object.keys(form.fields).find((name) => !(textFields as readonly string[]).includes(name));
  if (extra !== undefined) throw new HttpError(400, `${extra}: is not a field of this form`);
  if (form.files.length === 0) throw new HttpError(400, `${IMPORT_FILE_FIELD}: is required (a CSV file)`);
  if (form.files.length > 1) throw new HttpError(400, `${IMPORT_FILE_FIELD}: one file at a time`);
  return { file: form.files[0]?.value as Buffer, fields: form.fields as Partial<Record<F, string>> };
}
