import { API_PATHS, errorResponseSchema, MESSAGES, textSchema } from '@backroom/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerOf } from '../../http-answers';
import { HttpError } from '../../http-error';
import { createImageStorage } from '../../storage/create-image-storage';
import { imageContentType } from '../../storage/names';
import { validationMessage } from './errors';

/**
 * Image uploads and downloads (docs/decisions/009-images.md): the image storage every module
 * reaches as app.ctx.storage (a folder under DATA_DIR, or an S3-compatible bucket), and
 * GET /uploads/{name}, public so that <img> tags load without a token. Multipart parsing is not
 * here: it is `multipartParsing`, registered only around the routes that read a form.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app.ctx;
  app.ctx.storage = createImageStorage(config);

  app.withTypeProvider<ZodTypeProvider>().get(
    `${API_PATHS.uploads}/:name`,
    {
      config: { public: true },
      schema: {
        params: z.object({ name: textSchema().max(100) }),
        response: { 200: answerOf('image/webp', 'image/jpeg'), 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const found = await app.ctx.storage.get(request.params.name);
      if (!found) throw new HttpError(404, MESSAGES.notFound);
      reply
        .type(imageContentType(request.params.name))
        .header('x-content-type-options', 'nosniff')
        // Names are never reused: a file under a name never changes.
        .header('cache-control', 'public, max-age=31536000, immutable')
        // Product images may be shown by a storefront on another origin.
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-security-policy', "default-src 'none'; sandbox");
      if (found.size !== undefined) reply.header('content-length', found.size);
      // A stream is sent as it is (no serialisation); the schema above covers the refusal.
      return reply.send(found.body as never);
    },
  );
});

/**
 * @fastify/multipart for the routes of the scope it is registered in, and only them: a module puts
 * its form routes in a scope of their own (`app.register(async (forms) => { await
 * forms.register(multipartParsing); forms.post(…) })`). Registered for the whole app, it gave every
 * request an async onRequest hook (a promise and a 'close' listener on the response) and an async
 * onResponse, for the six routes that read a form (decision 054's last amendment). Elsewhere a
 * multipart body is not parsed at all: Fastify refuses its content type (415, plugins/app/errors.ts).
 */
export const multipartParsing = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: app.ctx.config.uploads.maxBytes,
      files: MAX_FILES,
      fields: 100,
      fieldSize: 1_048_576,
      parts: 200,
    },
  });
});

/** Enough for 10 product images and 5 accessories with 2 images each, plus one over to say so. */
const MAX_FILES = 21;

/** A part typed application/json whose text is not JSON (the contract's words for a JSON field). */
export const INVALID_JSON_PART = 'must be valid JSON';

/** A multipart body busboy cannot read: the client's fault, a 400 (docs/decisions/017-text-input.md). */
export const MALFORMED_MULTIPART_MESSAGE = 'request: malformed multipart form';

/*
 * What busboy (through @fastify/multipart) raises for a body it cannot read. Busboy's errors carry
 * no code, so they are known by their exact text; anything else stays an unexpected error.
 * - 'Multipart: Boundary not found': multipart/form-data without a boundary parameter.
 * - 'Unexpected end of multipart data': the body ends before the closing boundary.
 * - '{Part} terminated early due to unexpected end of multipart data': the same, seen by the part
 *   being read (a file's stream).
 */
const BUSBOY_MALFORMED = [
  /^Multipart: Boundary not found$/,
  /^Unexpected end of multipart data$/,
  /^\w+ terminated early due to unexpected end of multipart data$/,
];

/** True for busboy's refusal of a malformed multipart body (a plain Error, no code, no status). */
export function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || 'code' in error || 'statusCode' in error) return false;
  return BUSBOY_MALFORMED.some((pattern) => pattern.test(error.message));
}

export interface MultipartForm<T> {
  /** Text fields by name. */
  fields: Record<string, string>;
  /** Files in the order they came, as onFile made them. */
  files: { field: string; value: T }[];
}

/**
 * Reads a multipart form. Each file is handed to onFile as soon as it has arrived (at most
 * maxBytes: UPLOAD_MAX_BYTES unless the caller says), so a refused file stops the request early
 * and only one original is held in memory at a time. Every refusal names its field.
 */
export async function readMultipart<T>(
  request: FastifyRequest,
  onFile: (field: string, data: Buffer) => Promise<T>,
  maxBytes = request.server.ctx.config.uploads.maxBytes,
): Promise<MultipartForm<T>> {
  if (!request.isMultipart()) throw new HttpError(415, MESSAGES.notMultipart);
  const fields: Record<string, string> = {};
  const files: MultipartForm<T>['files'] = [];
  // The text parts typed application/json, as busboy meets them: @fastify/multipart parses those,
  // drops one that is not JSON and only says so at the end, without its name (a 406).
  const jsonParts: string[] = [];
  const isPartAFile = (name: string | undefined, type: string | undefined, filename: string | undefined) => {
    // busboy's own rule, unchanged: a file has a name or is typed as bytes.
    const file = filename !== undefined || type === 'application/octet-stream';
    if (!file && name !== undefined && type?.startsWith('application/json')) jsonParts.push(name);
    return file;
  };
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes }, isPartAFile })) {
      const field = part.fieldname;
      if (part.type === 'file') {
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new HttpError(413, `${field}: must be at most ${formatBytes(maxBytes)}`);
          }
          throw error;
        }
        // An empty file input sends a part with no name and no bytes: nothing was chosen.
        if (data.length === 0 && !part.filename) continue;
        files.push({ field, value: await onFile(field, data) });
      } else {
        if (part.valueTruncated) throw new HttpError(413, `${field}: is too long`);
        if (Object.hasOwn(fields, field)) throw new HttpError(400, `${field}: is given more than once`);
        // A JSON-typed part arrives parsed: a JSON string counts as its value, anything else as its JSON text.
        fields[field] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, `files: at most ${MAX_FILES - 1} files per request`);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new HttpError(413, 'request: too many fields');
    if (isMalformedMultipart(error)) throw new HttpError(400, MALFORMED_MULTIPART_MESSAGE);
    if (code === 'FST_INVALID_JSON_FIELD_ERROR') {
      // The part it dropped: the first JSON-typed one that never reached the loop.
      const field = jsonParts.find((name) => !Object.hasOwn(fields, name)) ?? 'request';
      throw new HttpError(400, `${field}: ${INVALID_JSON_PART}`);
    }
    throw error;
  }
  return { fields, files };
}

/** Checks a form's text fields with a contract schema; a refusal reads 'field: problem' like any other. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    instancePath: `/${issue.path.join('/')}`,
    message: issue.message,
    params: issue.code === 'unrecognized_keys' ? { keys: issue.keys } : undefined,
  }));
  throw new HttpError(400, validationMessage(issues, 'request'));
}

export function formatBytes(bytes: number): string {
  const mb = bytes / 1_048_576;
  return mb >= 1 ? `${Math.round(mb * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}
