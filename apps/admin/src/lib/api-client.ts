import { errorResponseSchema, TOKEN_HEADER } from '@backroom/contract';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { notifyError } from './notify';
import { endSession, expireSession } from './session';
import { getToken } from './token-storage';

export interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** The contract's schema of the success answer; the answer is parsed with it. */
  schema: S;
  /** The login call: sent without the token, and a 403 there is not an expired session. */
  anonymous?: boolean;
  signal?: AbortSignal;
  /** What a 403 says instead of 'Session expired. Please log in again.' (e.g. adding a product, spec 1 section 8). */
  forbiddenMessage?: string;
}

/**
 * Calls the API on the same origin with the stored token in the `token` header. Error answers
 * become an ApiError carrying the status and the server's message; any 401 or 403 ends the session.
 */
export async function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.output<S>> {
  const { method = 'GET', body, schema, anonymous = false, signal, forbiddenMessage } = options;
  const headers = new Headers({ accept: 'application/json' });
  const token = anonymous ? null : getToken();
  if (token) headers.set(TOKEN_HEADER, token);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, credentials: 'include', signal: signal ?? null });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, undefined, { cause });
  }

  const answer = await readJson(response);
  if (!response.ok || errorResponseSchema.safeParse(answer).success) {
    // A refused token ends the session, whatever the screen (spec 2 section 8): 403, and 401 too
    // (no valid token at all). The one place this rule lives; the login calls are anonymous.
    if ((response.status === 403 || response.status === 401) && !anonymous) {
      if (forbiddenMessage) {
        notifyError(forbiddenMessage, 'session-expired');
        void endSession();
      } else {
        expireSession();
      }
    }
    throw ApiError.fromResponse(response.status, answer);
  }
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new ApiError(response.status, undefined, { cause: parsed.error });
  return parsed.data;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
