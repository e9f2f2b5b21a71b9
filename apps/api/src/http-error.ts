import { MESSAGES } from '@backroom/contract';

/*
 * The errors services throw on purpose. They live here, under everything, rather than in
 * plugins/app/errors.ts (the handler that answers them): every module and storage throws them, and
 * none of them needs the plugin.
 */

/**
 * An error a service throws on purpose: its message is shown to the admin with this status, and
 * with a Retry-After header when it says how long to wait.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** How long a client waits before trying again when the server is overloaded. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** The server has more work than it takes at once: a 503 that says when to come back, never a 500. */
export class ServerBusy extends HttpError {
  constructor() {
    super(503, MESSAGES.serverBusy, BUSY_RETRY_AFTER_SECONDS);
  }
}
