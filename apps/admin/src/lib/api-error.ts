import { errorResponseSchema, MESSAGES } from '@backroom/contract';

/** A call that failed: status 0 when the server could not be reached; message as the server sent it, if it did. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    options?: ErrorOptions,
  ) {
    super(
      serverMessage ?? (status === 0 ? 'The server could not be reached' : `Request failed with status ${status}`),
      options,
    );
    this.name = 'ApiError';
  }

  /** An error answer, reading { success: false, message } when the body is one. */
  static fromResponse(status: number, payload: unknown): ApiError {
    const parsed = errorResponseSchema.safeParse(payload);
    return new ApiError(status, parsed.success ? parsed.data.message : undefined);
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
 * What to show for a failed call (spec 1 section 8): the server's message, else 'Server error'
 * when the server could not be reached or failed, else the screen's own fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.isServerFailure) return MESSAGES.serverError;
  }
  return fallback;
}

/** The server's message, else the spec's default for the call (spec 2 section 8). */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * Whether a screen should show its own alert for a failed load: not when the token was refused,
 * since the session then ends with its own message and the screen is about to leave.
 */
export function showsLoadError(error: unknown): boolean {
  return !(error instanceof ApiError && error.endsSession);
}
