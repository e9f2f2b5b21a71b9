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
