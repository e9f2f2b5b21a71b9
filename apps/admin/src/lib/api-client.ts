import { MESSAGES, TOKEN_HEADER } from '@backroom/contract';
import type { z } from 'zod';
import { ApiError, type FailureWording, isErrorAnswer, serverMessageOr } from './api-error';
import { takeFirstCall } from './first-calls';
import { notifyError } from './notify';
import { endSession, expireSession } from './session';
import { getToken } from './token-storage';

/** How a call is made and what its screen says when it fails: the one place for both. */
export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** The login call: sent without the token, and a 403 there is not an expired session. */
  anonymous?: boolean;
  signal?: AbortSignal;
  /**
   * Without a stored token the call is not sent (spec 1 section 5, spec 2 section 8): 'end-session'
   * says 'No authentication token found. Please log in again.' and goes to /login (orders, users,
   * the bundle form); 'refuse' fails the call with that message for the screen to show (products).
   * Either way the call fails with a 401 carrying that message.
   */
  noToken?: 'end-session' | 'refuse';
  /** What a refused token (403, or 401) says instead of 'Session expired. Please log in again.' (adding a product, spec 1 section 8). */
  forbiddenMessage?: string;
  /** False when a 403 on this call is a refusal like any other, its message shown (deleting a user, spec 2 section 8). */
  forbiddenEndsSession?: boolean;
  /** What the screen says when nobody answered (status 0), e.g. 'Cannot connect to the server…'. */
  unreachableMessage?: string;
  /** What the screen says when the server refused (4xx) without a message of its own. */
  refusedMessage?: string;
  /** What the screen says when the server failed (5xx) without a message of its own. */
  failedMessage?: string;
  /**
   * A load that says its own failure in a toast: the server's message, else this text; with
   * `serverMessage: false` this text whatever the server said. None when the call was cancelled or
   * the session ended (that says so itself).
   */
  failureToast?: string | { message: string; serverMessage: false };
  /** A load whose failure is only logged to the console with this text (the screen shows it in place). */
  failureLog?: string;
}

export interface RequestOptions<S extends z.ZodType> extends CallOptions {
  /** The contract's schema of the success answer; the answer is parsed with it. */
  schema: S;
}

/**
 * A first screen's call whose answer is read as the contract types it, not parsed: the server writes
 * it from the same schema (only the keys it names, each of its type: decision 020's serializer),
 * and parsing it would put zod and the schemas on the signed-in first screen's load (decision 058).
 * Only for calls a first screen makes; every other screen parses what it reads.
 */
export interface UnparsedOptions extends CallOptions {
  parse: false;
}

export interface StreamOptions extends CallOptions {
  /** The media type asked for (e.g. text/csv): the answer is handed back unread, to be streamed. */
  accept: string;
}

/**
 * Calls the API on the same origin with the stored token in the `token` header. Error answers
 * become an ApiError carrying the status, the server's message and the screen's words; any 401 or
 * 403 ends the session (but for the options above). With a schema the JSON answer is parsed with
 * it; with `parse: false` it is answered as it came; with `accept` the successful Response is
 * answered, its body unread.
 */
export function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.output<S>>;
export function apiRequest<T>(path: string, options: UnparsedOptions): Promise<T>;
export function apiRequest(path: string, options: StreamOptions): Promise<Response>;
export async function apiRequest(path: string, options: AnyOptions): Promise<unknown> {
  try {
    return await call(path, options);
  } catch (error) {
    if (!options.signal?.aborted) report(error, options);
    throw error;
  }
}

type AnyOptions = RequestOptions<z.ZodType> | UnparsedOptions | StreamOptions;

async function call(path: string, options: AnyOptions): Promise<unknown> {
  const { method = 'GET', body, anonymous = false, signal } = options;
  const wording: FailureWording = {
    unreachable: options.unreachableMessage,
    refused: options.refusedMessage,
    failed: options.failedMessage,
  };
  const headers = new Headers({ accept: 'accept' in options ? options.accept : 'application/json' });
  const token = anonymous ? null : getToken();
  if (token) headers.set(TOKEN_HEADER, token);
  else if (!anonymous && options.noToken) refuseWithoutToken(options.noToken);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }

  const send = () => fetch(path, { method, headers, body: payload, credentials: 'include', signal: signal ?? null });
  // A first screen's GET may have been sent already, as the page was read (first-calls.ts); if it
  // failed to arrive, it is sent again.
  const sent = method === 'GET' && token && !('accept' in options) ? takeFirstCall(path, token) : undefined;
  let response: Response;
  try {
    response = await (sent ? sent.catch(send) : send());
    signal?.throwIfAborted();
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, undefined, { cause, wording });
  }

  if ('accept' in options) {
    if (response.ok && response.body) return response;
    throw refused(response, await readJson(response), options, wording);
  }
  const answer = await readJson(response);
  if (!response.ok || isErrorAnswer(answer)) throw refused(response, answer, options, wording);
  if ('parse' in options) return answer;
  const parsed = options.schema.safeParse(answer);
  if (!parsed.success) throw new ApiError(response.status, undefined, { cause: parsed.error, wording });
  return parsed.data;
}

/** A call that needs the token and has none: not sent (CallOptions.noToken). */
function refuseWithoutToken(rule: 'end-session' | 'refuse'): never {
  if (rule === 'end-session') {
    notifyError(MESSAGES.noToken, 'no-token');
    void endSession();
  }
  throw new ApiError(401, MESSAGES.noToken);
}

/** An error answer; a refused token ends the session, whatever the screen. */
function refused(response: Response, answer: unknown, options: CallOptions, wording: FailureWording): ApiError {
  const { status } = response;
  const { anonymous = false, forbiddenMessage, forbiddenEndsSession = true } = options;
  // A refused token ends the session, whatever the screen (spec 2 section 8): 403, and 401 too
  // (no valid token at all). The one place this rule lives; the login calls are anonymous.
  if (!anonymous && (status === 401 || (status === 403 && forbiddenEndsSession))) {
    if (forbiddenMessage) {
      notifyError(forbiddenMessage, 'session-expired');
      void endSession();
    } else {
      expireSession();
    }
  }
  return ApiError.fromResponse(status, answer, wording);
}

/** A load's own report of its failure (CallOptions.failureToast, failureLog). */
function report(error: unknown, { failureToast, failureLog }: CallOptions): void {
  if (failureLog) console.error(failureLog, error);
  if (!failureToast || (error instanceof ApiError && error.endsSession)) return;
  notifyError(typeof failureToast === 'string' ? serverMessageOr(error, failureToast) : failureToast.message);
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
