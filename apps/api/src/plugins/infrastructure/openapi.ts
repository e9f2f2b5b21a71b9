import { errorResponseSchema, TOKEN_HEADER } from '@backroom/contract';
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/*
 * The API's OpenAPI 3.1 document, made from what the router knows (decision 060): every route's
 * zod schemas (params, query, body, each answer by status) through fastify-type-provider-zod's
 * transform, plus the refusals the shared plugins make on every route of a kind, added here once
 * rather than on each route: 401/403 where a session is needed (plugins/app/auth.ts), 400 where the
 * request has fields to check, 413/415 where it has a body (plugins/app/errors.ts), 503 when the
 * database pool is exhausted. What only some routes answer (404, 409, 429) is in their definition.
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

type Transformed = { schema: Record<string, unknown>; url: string };

function transform(input: Parameters<typeof jsonSchemaTransform>[0]): Transformed {
  const route = input.route as RouteOptions;
  if (!documented(input.url)) return { schema: { hide: true }, url: input.url };
  const original = (route.schema ?? {}) as FastifySchema & { consumes?: string[] };
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const protectedRoute = !(route.config as { public?: boolean } | undefined)?.public && input.url.startsWith('/api/');
  const hasInput = Boolean(original.params || original.querystring || original.body || original.consumes);
  const hasBody = Boolean(original.body || original.consumes) && methods.some((m) => BODY_METHODS.has(m));
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
  if (input.url.startsWith('/api/') && input.url !== '/api/health/live') refusal(503);
  const result = jsonSchemaTransform({
    ...input,
    schema: { ...original, response },
  } as Parameters<typeof jsonSchemaTransform>[0]) as Transformed;
  return {
    url: result.url,
    schema: {
      ...result.schema,
      [PART]: partOf(route),
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
    exposeHeadRoutes: true,
    transform,
  });
});
