import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySchemaCompiler<unknown>>[0];

/**
 * Writes each answer from its route's response schema, turned once into JSON Schema and compiled
 * by fast-json-stringify (what Fastify itself uses): only the properties the contract names are
 * written, so a column the handler happens to carry never leaks, and nothing is validated again
 * on the way out (decision 020). A schema JSON Schema cannot express (a transform, say) keeps
 * the zod check-then-stringify it had.
 */
export function responseSerializerCompiler(route: RouteSchema): (data: unknown) => string {
  // Compiled at a route's first answer, not when the server starts: Fastify asks for every route's
  // serializers before it listens, and compiling them all took about half a second of the cold
  // start (decision 051); the first sign-in needs one.
  let compiled: ((data: unknown) => string) | undefined;
  return (data) => {
    compiled ??= compileSerializer(route);
    return compiled(data);
  };
}

function compileSerializer(route: RouteSchema): (data: unknown) => string {
  const schema = zodSchemaOf(route.schema);
  if (!schema) return zodSerializerCompiler(route as never) as (data: unknown) => string;
  let json: Record<string, unknown>;
  try {
    // What the serializer writes is the schema's input side (zod encodes output into input).
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw', target: 'draft-07' }) as Record<
      string,
      unknown
    >;
  } catch {
    return zodSerializerCompiler(route as never) as (data: unknown) => string;
  }
  return fastJson(closeObjects(json) as Parameters<typeof fastJson>[0]);
}

function zodSchemaOf(schema: unknown): z.ZodType | undefined {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return properties instanceof z.ZodType ? properties : undefined;
}

/**
 * An object that does not say what to do with other keys drops them: zod's input side leaves
 * objects open, and an answer must never carry a key its contract does not name.
 */
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = closeObjects(value);
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined) {
    out.additionalProperties = false;
  }
  return out;
}
