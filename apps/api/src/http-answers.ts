import { z } from 'zod';

/*
 * Answers that are not JSON, described in a route's response schema by their content type (a CSV
 * export, an image, an HTML page) so that the OpenAPI document lists them (decision 060). Fastify
 * sends a string or a stream as it is: nothing here is serialised.
 */

/** An answer of these content types, text or bytes. */
export function answerOf(...types: string[]): {
  description: string;
  content: Record<string, { schema: z.ZodString }>;
} {
  return {
    description: types.join(', '),
    content: Object.fromEntries(types.map((type) => [type, { schema: z.string() }])),
  };
}

/** A JSON answer or, for a browser that asked for a page, the same as HTML. */
export function jsonOrHtml(schema: z.ZodType): { description: string; content: Record<string, { schema: z.ZodType }> } {
  return {
    description: 'JSON, or an HTML page for a browser',
    content: { 'application/json': { schema }, 'text/html': { schema: z.string() } },
  };
}

/** The multipart forms' schemas: described in the document, read and checked by the handler. */
const forms = new WeakSet<object>();

/**
 * A route's multipart form, for its `body` with `consumes: ['multipart/form-data']`: the text
 * fields the contract checks once the form is in (plugins/app/uploads.ts parseFields) and the file
 * fields, as the OpenAPI document shows them. Fastify does not validate it: the handler reads the
 * form as a stream (app.ts's validator compiler lets a form's schema through).
 */
export function multipartForm(fields: z.ZodObject, files: Record<string, string>, moreFiles?: string): z.ZodObject {
  const file = (description: string) => z.file().describe(description);
  const form = z.object({
    ...fields.shape,
    ...Object.fromEntries(Object.entries(files).map(([name, description]) => [name, file(description).optional()])),
  });
  const described = moreFiles ? form.catchall(file(moreFiles)) : form.strict();
  forms.add(described);
  return described;
}

/** True for a schema multipartForm made: there is no parsed body for Fastify to check. */
export const isMultipartForm = (schema: unknown): boolean =>
  typeof schema === 'object' && schema !== null && forms.has(schema);
