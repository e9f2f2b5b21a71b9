import { type ErrorResponse, MESSAGES } from '@backroom/contract';

/**
 * A screen's own words for a failure the server did not explain, by what went wrong (the spec's
 * texts, given to the api client as request options).
 */
export interface FailureWording {
  /** Nobody answered (status 0), e.g. 'Cannot connect to the server…' on deleting a user. */
  unreachable?: string | undefined;
  /** The server answered, refusing (4xx) or with an answer not understood, e.g. 'Failed to update'. */
  refused?: string | undefined;
  /** The server failed (5xx), e.g. 'Error updating status'. */
  failed?: string | undefined;
}

export interface ApiErrorOptions extends ErrorOptions {
  wording?: FailureWording | undefined;
}

/**
 * The contract's errorResponseSchema ({ success: false, message }), checked by hand: the api client
 * is on the login screen's first load, and the schema would bring zod (about 22 KB brotli) there
 * (docs/decisions/053-login-screen-weight.md). api-error.test.ts holds it to the schema.
 */
export function isErrorAnswer(payload: unknown): payload is ErrorResponse {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return false;
  const answer = payload as Record<string, unknown>;
  return answer.success === false && typeof answer.message === 'string';
}

/** A call that failed: status 0 when the server could not be reached; message as the server sent it, if it did. */
export class ApiError extends Error {
  /** The screen's words for this failure, when it gave some for its kind (FailureWording). */
  readonly screenMessage: string | undefined;

  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    options?: ApiErrorOptions,
  ) {
    super(
      serverMessage ?? (status === 0 ? 'The server could not be reached' : `Request failed with status ${status}`),
      options,
    );
    this.name = 'ApiError';
    const wording = options?.wording;
    this.screenMessage = status === 0 ? wording?.unreachable : status >= 500 ? wording?.failed : wording?.refused;
  }

  /** An error answer, reading { success: false, message } when the body is one. */
  static fromResponse(status: number, payload: unknown, wording?: FailureWording): ApiError {
    return new ApiError(status, isErrorAnswer(payload) ? payload.message : undefined, { wording });
  }

  /** True for a refused token (401 or 403): the session ends and the app goes to /login. */
  get endsSession(): boolean {
    return this.status === 401 || this.status === 403;
  }

  /** True when nobody answered, or the server failed without saying why. */
  get isServerFailure(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

/**
 * What to show for a failed call (spec 1 section 8): the server's message, else the screen's words
 * for that kind of failure, else 'Server error' when the server could not be reached or failed,
 * else the screen's own fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.screenMessage) return error.screenMessage;
    if (error.isServerFailure) return MESSAGES.serverError;
  }
  return fallback;
}

/** The server's message, else the screen's words for that kind of failure, else the spec's default for the call (spec 2 section 8). */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || error.screenMessage || fallback;
  return fallback;
}

/**
 * Whether a screen should show its own alert for a failed load: not when the token was refused,
 * since the session then ends with its own message and the screen is about to leave.
 */
export function showsLoadError(error: unknown): boolean {
  return !(error instanceof ApiError && error.endsSession);
}
