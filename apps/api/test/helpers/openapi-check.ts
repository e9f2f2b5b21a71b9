import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';

/*
 * Every answer the API suite gets is checked against the OpenAPI document (decision 060): its
 * status must be one its operation lists, its content type one that status lists, and a JSON
 * body must match that status's schema. createTestApp adds the check to every test app; what
 * does not match is kept here and fails the test that caused it (setup/openapi-answers.ts).
 */

type Operation = {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: object } };

/** One document per worker: the routes are the same in every test app, and building it takes a while. */
let document: Document | undefined;
const validators = new Map<string, ValidateFunction>();
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });

/** What did not match, for the setup file to report and clear after each test. */
export const mismatches: string[] = [];
/** Every `METHOD /url status` the suite was answered, for the coverage report. */
export const answered = new Set<string>();

/** The document's key for a route's URL: /api/product/{id} for /api/product/:id. */
export const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

const documented = (url: string) => url.startsWith('/api/') || url.startsWith('/uploads/');

function validatorFor(key: string, schema: object): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ ...schema, components: document?.components });
    validators.set(key, validate);
  }
  return validate;
}

function bodyOf(payload: unknown): string | undefined {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined;
}

/** Adds the check to an app that is not ready yet. */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.routeOptions.url;
    if (!url || !documented(url)) return done(null, payload);
    document ??= app.swagger() as unknown as Document;
    const status = reply.statusCode;
    const method = request.method;
    const call = `${method} ${url} ${status}`;
    answered.add(call);
    // A HEAD is the GET without its body (the document lists the GET only).
    const operation = document.paths[openapiPath(url)]?.[method === 'HEAD' ? 'get' : method.toLowerCase()];
    const response = operation?.responses?.[String(status)];
    if (!operation) mismatches.push(`${method} ${url}: not in the document`);
    else if (!response) mismatches.push(`${call}: the document lists only ${Object.keys(operation.responses ?? {})}`);
    if (!response || method === 'HEAD' || status === 204 || status === 304) return done(null, payload);
    const type = String(reply.getHeader('content-type') ?? '').split(';')[0] as string;
    const content = response.content?.[type];
    if (!content) {
      mismatches.push(
        `${call}: answered ${type || 'no content type'}, the document says ${Object.keys(response.content ?? {})}`,
      );
      return done(null, payload);
    }
    const text = bodyOf(payload);
    if (type !== 'application/json' || text === undefined || reply.getHeader('content-encoding')) {
      return done(null, payload);
    }
    const validate = validatorFor(`${method} ${url} ${status} ${type}`, content.schema ?? {});
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      mismatches.push(`${call}: the body is not JSON`);
      return done(null, payload);
    }
    if (!validate(body)) {
      mismatches.push(`${call}: ${ajv.errorsText(validate.errors)} in ${text.slice(0, 300)}`);
    }
    done(null, payload);
  });
}
