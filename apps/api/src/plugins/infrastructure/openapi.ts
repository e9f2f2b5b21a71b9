import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { API_PATHS, errorResponseSchema, STORAGE_KEYS, TOKEN_HEADER } from '@backroom/contract';
import { negotiate } from '@fastify/accept-negotiator';
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { type FastifyPluginAsyncZod, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http-error';
import { authenticate } from '../../modules/auth/service';

/*
 * The API's OpenAPI 3.1 document, made from what the router knows (decision 060): every route's
 * zod schemas (params, query, body, each answer by status) through fastify-type-provider-zod's
 * transform, plus the refusals the shared plugins make on every route of a kind, added here once
 * rather than on each route: 401/403 where a session is needed (plugins/app/auth.ts); 400 where
 * the request has fields or a body to check, 413/415 on the methods that carry a body
 * (plugins/app/errors.ts); 503 when the database pool is exhausted, 500 when anything unexpected
 * fails. What only some routes answer (404, 409, 429, a CSV, an image, a form) is in their
 * definition.
 */

/** The security scheme every protected operation names: the session token in the `token` header. */
export const SECURITY_SCHEME = 'token';

/** Which part of the document an operation is in: the customer part is public (decision 060). */
export type DocumentPart = 'customer' | 'admin';
const PART = 'x-backroom-part';

/** Where the route's part is decided: the storefront's routes, and public routes outside the admin's sign-in. */
export function partOf(route: Pick<RouteOptions, 'url' | 'config'>): DocumentPart {
  const config = route.config as { public?: boolean; access?: string } | undefined;
  if (config?.access === 'customer') return 'customer';
  if (config?.public && !route.url.startsWith('/api/user/')) return 'customer';
  return 'admin';
}

/** The route is in the document: the API and the uploaded images, not the admin's static files. */
const documented = (url: string) => url.startsWith('/api/') || url.startsWith('/uploads/');

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The reference's groups: /api/product/... under 'product', the storefront's calls under 'storefront'. */
function tagOf(url: string): string {
  const [, first, second] = url.split('/');
  if (first !== 'api') return first ?? 'api';
  if (second === 'customer') return 'storefront';
  if (second === 'docs' || second === 'openapi.json') return 'reference';
  return second ?? 'api';
}

type Transformed = { schema: Record<string, unknown>; url: string };

/** What each refusal means: every one is { success: false, message }, the message for the user. */
const REFUSALS: Record<number, string> = {
  400: 'Invalid: the message names the field (`email: must be a valid email address`)',
  401: 'No token: sign in first',
  403: 'The token is not a live session of the kind this call needs, or the account may not do this',
  404: 'Not found',
  409: 'Conflicts with the current state (taken, in use, not enough stock...): the message says what',
  413: 'The body or a file is too large',
  415: 'The body is not JSON (multipart/form-data for the calls that upload files)',
  429: 'Too many attempts: try again after the Retry-After header',
  500: 'Something unexpected failed (logged on the server)',
  503: 'Overloaded: try again after the Retry-After header',
};

function transform(input: Parameters<typeof jsonSchemaTransform>[0]): Transformed {
  const route = input.route as RouteOptions;
  if (!documented(input.url)) return { schema: { hide: true }, url: input.url };
  const original = (route.schema ?? {}) as FastifySchema & { consumes?: string[] };
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const protectedRoute = !(route.config as { public?: boolean } | undefined)?.public && input.url.startsWith('/api/');
  // A body is read on these methods whatever the route expects: broken JSON is a 400, a body too
  // large a 413, a type no route reads a 415 (plugins/app/errors.ts).
  const hasBody = methods.some((m) => BODY_METHODS.has(m));
  const hasInput = hasBody || Boolean(original.params || original.querystring);
  const response: Record<string | number, unknown> = { ...(original.response as Record<string, unknown>) };
  const refusal = (status: number) => {
    if (!(status in response)) response[status] = errorResponseSchema;
  };
  if (hasInput) refusal(400);
  if (protectedRoute) {
    refusal(401);
    refusal(403);
  }
  if (hasBody) {
    refusal(413);
    refusal(415);
  }
  if (input.url.startsWith('/api/')) {
    // Anything unexpected (plugins/app/errors.ts), and the database pool exhausted.
    refusal(500);
    if (input.url !== '/api/health/live') refusal(503);
  }
  // Each refusal says what it means in the reference ('Default Response' otherwise).
  for (const [status, schema] of Object.entries(response)) {
    const meaning = REFUSALS[Number(status)];
    if (schema === errorResponseSchema && meaning) response[status] = errorResponseSchema.describe(meaning);
  }
  const result = jsonSchemaTransform({
    ...input,
    schema: { ...original, response },
  } as Parameters<typeof jsonSchemaTransform>[0]) as Transformed;
  return {
    url: result.url,
    schema: {
      ...result.schema,
      [PART]: partOf(route),
      tags: [tagOf(input.url)],
      ...(protectedRoute ? { security: [{ [SECURITY_SCHEME]: [] }] } : {}),
    },
  };
}

/** Registers @fastify/swagger before the routes, so that it sees each one as it is added. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Backroom API',
        version: '1.0.0',
        description:
          'The admin and storefront calls of Backroom. Every answer is JSON `{ success, ... }`; a refusal is `{ success: false, message }`, and a 400 about a field names it (`email: must be a valid email address`). See docs/customer-api.md for the storefront walk-through.',
      },
      components: {
        securitySchemes: {
          [SECURITY_SCHEME]: {
            type: 'apiKey',
            in: 'header',
            name: TOKEN_HEADER,
            description: "The session token from the login's answer (an admin's, or a customer's on /api/customer).",
          },
        },
      },
    },
    // Fastify answers HEAD on every GET route as the GET does, without the body: the GET's
    // operation describes both, and the reader sees each call once.
    exposeHeadRoutes: false,
    transform,
  });
});

type OpenapiDocument = { paths: Record<string, Record<string, Record<string, unknown>>> } & Record<string, unknown>;

/** The document with only the operations of the customer part (and no path left empty). */
export function customerPart(whole: OpenapiDocument): OpenapiDocument {
  const paths: OpenapiDocument['paths'] = {};
  for (const [url, operations] of Object.entries(whole.paths)) {
    const kept = Object.fromEntries(Object.entries(operations).filter(([, op]) => op[PART] === 'customer'));
    if (Object.keys(kept).length > 0) paths[url] = kept;
  }
  return { ...whole, paths };
}

const documentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
const text = (type: string) => ({ content: { [type]: { schema: z.string() } } });

/** Written with src, never inline: the app's CSP allows scripts from 'self' only. */
const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Backroom API reference</title>
  </head>
  <body>
    <main id="app"></main>
    <script src="${API_PATHS.docs}/scalar.js"></script>
    <script src="${API_PATHS.docs}/docs.js"></script>
  </body>
</html>
`;

/**
 * Fetches the document with the admin's stored token when there is one (the admin keeps it in
 * localStorage under STORAGE_KEYS.token on this same origin), so a signed-in admin reads the
 * whole API and anyone else the storefront's part; then hands it to Scalar, without its web fonts.
 */
const DOCS_SCRIPT = `(async () => {
  let token = null;
  try { token = localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)}); } catch {}
  const answer = await fetch(${JSON.stringify(API_PATHS.openapi)}, { headers: token ? { ${JSON.stringify(TOKEN_HEADER)}: token } : {} });
  const content = await answer.json();
  Scalar.createApiReference('#app', {
    content,
    withDefaultFonts: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    authentication: { preferredSecurityScheme: ${JSON.stringify(SECURITY_SCHEME)}, securitySchemes: { ${JSON.stringify(SECURITY_SCHEME)}: { value: token ?? '' } } },
  });
})();
`;

/**
 * Scalar's standalone bundle, as its Fastify plugin ships it (served from here, no CDN). The plugin
 * is handed a stand-in for Fastify that keeps the routes it adds, and the bundle is what its
 * js/scalar.js route sends; its HTML page is not used, for it initialises Scalar in an inline script.
 */
/**
 * The bundle is about 3 MB: compressed per request by the compression plugin it cost a few hundred
 * milliseconds of CPU for every fetch of the reference page. It is compressed once per encoding,
 * at the first request that asks for it, in the thread pool at the strongest settings (the text
 * never changes while the process runs), and sent as it is afterwards; the plugin leaves an
 * answer that already has a Content-Encoding alone.
 */
const BUNDLE_ENCODINGS = ['br', 'gzip', 'identity'];
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
function compressBundle(text: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const source = Buffer.from(text);
  return encoding === 'br'
    ? brotli(source, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
        },
      })
    : gzip(source, { level: 9 });
}

async function scalarBundle(): Promise<string> {
  const plugin = (await import('@scalar/fastify-api-reference')).default as unknown as (
    app: unknown,
    options: unknown,
    next: () => void,
  ) => void;
  const routes: { url: string; handler: (request: unknown, reply: unknown) => unknown }[] = [];
  const standIn = { route: (r: (typeof routes)[number]) => routes.push(r), hasPlugin: () => false, log: console };
  plugin(standIn, { routePrefix: '/scalar', configuration: { url: '/' } }, () => {});
  const js = routes.find((r) => r.url.endsWith('/js/scalar.js'));
  let sent: unknown;
  const reply = {
    header: () => reply,
    send: (body: unknown) => {
      sent = body;
      return reply;
    },
  };
  js?.handler({}, reply);
  if (typeof sent !== 'string' || sent.length < 100_000)
    throw new Error('Scalar bundle not found in @scalar/fastify-api-reference');
  return sent;
}

/**
 * GET /api/openapi.json and the reference page at /api/docs (decision 060). Both are public: an
 * anonymous caller (or a customer) gets the customer part, a signed-in admin's token the whole
 * document, and OPENAPI_PUBLIC=true gives the whole document to anyone.
 */
export const openapiRoutes: FastifyPluginAsyncZod = async (app) => {
  let whole: string | undefined;
  let customer: string | undefined;
  let bundle: Promise<string> | undefined;
  const bundleCompressed: { br?: Promise<Buffer>; gzip?: Promise<Buffer> } = {};
  const isAdmin = async (token: string | string[] | undefined) => {
    const value = Array.isArray(token) ? token[0] : token;
    if (!value) return false;
    try {
      await authenticate(app.ctx.db, value);
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) return false;
      throw error;
    }
  };

  app.get(
    API_PATHS.openapi,
    {
      config: { public: true },
      schema: {
        description:
          'This document. Anyone gets the storefront part; a signed-in admin (the `token` header) gets every call, as anyone does with OPENAPI_PUBLIC=true.',
        security: [{}, { [SECURITY_SCHEME]: [] }],
        response: { 200: { content: { 'application/json': { schema: documentSchema } } } },
      },
    },
    async (request, reply) => {
      const all = app.ctx.config.openapiPublic || (await isAdmin(request.headers[TOKEN_HEADER]));
      whole ??= JSON.stringify(app.swagger());
      customer ??= JSON.stringify(customerPart(JSON.parse(whole)));
      // The answer depends on the token: a shared cache must not hand an admin's to anyone else.
      reply.header('cache-control', 'private, no-cache').header('vary', TOKEN_HEADER);
      // Sent as the JSON text it is: made once, never serialised again.
      return reply.type('application/json; charset=utf-8').send((all ? whole : customer) as never);
    },
  );

  app.get(
    API_PATHS.docs,
    {
      config: { public: true },
      schema: {
        description: 'The API reference page (Scalar) over /api/openapi.json.',
        response: { 200: text('text/html') },
      },
    },
    async (_request, reply) => reply.type('text/html; charset=utf-8').send(DOCS_PAGE),
  );

  app.get(
    `${API_PATHS.docs}/docs.js`,
    {
      config: { public: true },
      schema: { description: "The reference page's script.", response: { 200: text('text/javascript') } },
    },
    async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(DOCS_SCRIPT),
  );

  app.get(
    `${API_PATHS.docs}/scalar.js`,
    {
      config: { public: true },
      schema: {
        description: "Scalar's API reference bundle, served from here.",
        response: { 200: text('text/javascript') },
      },
    },
    async (request, reply) => {
      bundle ??= scalarBundle();
      reply.header('cache-control', 'public, max-age=86400').header('vary', 'Accept-Encoding');
      reply.type('text/javascript; charset=utf-8');
      const encoding = negotiate(request.headers['accept-encoding'] ?? '', BUNDLE_ENCODINGS);
      if (encoding === 'br' || encoding === 'gzip') {
        bundleCompressed[encoding] ??= bundle.then((text) => compressBundle(text, encoding));
        const compressed = bundleCompressed[encoding];
        // The bytes are the compressed text the schema describes, sent as they are (as uploads.ts sends a file).
        return reply.header('content-encoding', encoding).send((await compressed) as never);
      }
      return reply.send(await bundle);
    },
  );
};
