import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance, FastifyReply } from 'fastify';

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
/** Every `METHOD /url status` the suite was answered. */
export const answered = new Set<string>();
/** What the check costs this worker: answers checked, time in the hook, time to build the document. */
export const cost = { answers: 0, checkMs: 0, documentMs: 0 };

/** The document's key for a route's URL: /api/product/{id} for /api/product/:id. */
export const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

const documented = (url: string) => url.startsWith('/api/') || url.startsWith('/uploads/');

/** Compiled once per schema, not per route: the refusals of every route share one. */
const bySchema = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: object): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    const text = JSON.stringify(schema);
    validate = bySchema.get(text) ?? ajv.compile({ ...schema, components: document?.components });
    bySchema.set(text, validate);
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
    const started = performance.now();
    if (!document) {
      document = app.swagger() as unknown as Document;
      cost.documentMs = performance.now() - started;
    }
    cost.answers += 1;
    check(reply, url, request.method, payload);
    cost.checkMs += performance.now() - started;
    done(null, payload);
  });
}

/** Checks one answer: its status, its content type and a JSON body's shape. */
function check(reply: FastifyReply, url: string, method: string, payload: unknown): void {
  if (!document) return;
  const status = reply.statusCode;
  const call = `${method} ${url} ${status}`;
  answered.add(call);
  // A HEAD is the GET without its body (the document lists the GET only).
  const operation = document.paths[openapiPath(url)]?.[method === 'HEAD' ? 'get' : method.toLowerCase()];
  const response = operation?.responses?.[String(status)];
  if (!operation) mismatches.push(`${method} ${url}: not in the document`);
  else if (!response) mismatches.push(`${call}: the document lists only ${Object.keys(operation.responses ?? {})}`);
  if (!response || method === 'HEAD' || status === 204 || status === 304) return;
  const type = String(reply.getHeader('content-type') ?? '').split(';')[0] as string;
  const content = response.content?.[type];
  if (!content) {
    mismatches.push(
      `${call}: answered ${type || 'no content type'}, the document says ${Object.keys(response.content ?? {})}`,
    );
    return;
  }
  const text = bodyOf(payload);
  if (type !== 'application/json' || text === undefined || reply.getHeader('content-encoding')) {
    return;
  }
  const validate = validatorFor(`${method} ${url} ${status} ${type}`, content.schema ?? {});
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    mismatches.push(`${call}: the body is not JSON`);
    return;
  }
  if (!validate(body)) {
    mismatches.push(`${call}: ${ajv.errorsText(validate.errors)} in ${text.slice(0, 300)}`);
  }
}
