import { MESSAGES } from '@backroom/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isRetryableConflict } from '../../db/retry';
import { shortfallMessage, stockShortfall } from '../../db/stock-shortfall';
import { HttpError, ServerBusy } from '../../http-error';

/**
 * pg-pool's error when no connection came free within connectionTimeoutMillis (Drizzle wraps it as
 * its cause): the database is fine, the server is overloaded (a burst waits for the pool).
 */
function isPoolWait(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth += 1) {
    if (e.message === 'timeout exceeded when trying to connect') return true;
  }
  return false;
}

/**
 * The error a service threw on purpose, or a wait for a pool connection that ran out or a
 * transaction that lost a race after its retries (a 503 with Retry-After): what the error handler
 * below answers with its own status and message. Also used where an answer is replaced outside
 * the handler (the refusal of a read-only answer in plugins/app/auth.ts), so both answer alike.
 * Anything else is a 500.
 */
export function knownError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  return isPoolWait(error) || isRetryableConflict(error) ? new ServerBusy() : undefined;
}

type Issue = { instancePath: string; message?: string | undefined; params?: Record<string, unknown> };

/** 'email: must be a valid email address': the first problem, naming its field. */
export function validationMessage(issues: Issue[], context: string | undefined): string {
  const issue = issues[0];
  if (!issue) return 'Invalid request';
  const keys = issue.params?.keys;
  if (Array.isArray(keys) && keys.length > 0) return `${keys.join(', ')}: is not allowed`;
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context || 'request';
  return `${field}: ${issue.message ?? 'is invalid'}`;
}

/** A body in a type no route reads (none, text/plain, ...): what to send instead. */
export const MEDIA_TYPE_MESSAGE =
  'Content-Type: must be application/json (multipart/form-data for calls that upload images or files)';

/** What the router's own refusals say (frameworkErrors below). */
export const URL_MESSAGES = {
  badUrl: 'url: is not a valid URL (bad percent-encoding)',
  paramTooLong: 'url: a path parameter is too long',
} as const;

/**
 * Fastify's `frameworkErrors`: the refusals the router makes before any route or error handler
 * runs (a path that does not percent-decode, a parameter past maxParamLength), in the same
 * { success: false, message } envelope as every other answer.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.status(status).send({ success: false, message: MESSAGES.serverError });
  }
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? URL_MESSAGES.badUrl
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? URL_MESSAGES.paramTooLong
        : error.message;
  return reply.status(status).send({ success: false, message });
}

/**
 * Every error leaves as { success: false, message } with its status. Validation errors name the
 * field; unexpected errors are logged and answered with a generic 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(400)
        .send({ success: false, message: validationMessage(error.validation, error.validationContext) });
    }
    // An order (or a status change, a bulk job) that would take more units than are left (decision 055).
    const short = stockShortfall(error);
    if (short) return reply.status(409).send({ success: false, message: shortfallMessage(short) });
    // A transaction that lost a race (deadlock, serialization failure) even after its retries
    // (db/retry.ts): nothing was written, and trying again shortly will do: 503, not 500 (knownError).
    const known = knownError(error);
    if (known) {
      if (known.retryAfterSeconds !== undefined) reply.header('retry-after', known.retryAfterSeconds);
      if (known instanceof ServerBusy) request.log.warn({ err: error }, 'overloaded: answered 503');
      return reply.status(known.statusCode).send({ success: false, message: known.message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ success: false, message: MESSAGES.serverError });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ success: false, message: MESSAGES.serverError });
    }
    // Fastify's own client errors: malformed JSON, body too large, wrong content type.
    const message = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? MEDIA_TYPE_MESSAGE : error.message;
    return reply.status(status).send({ success: false, message });
  });
});
