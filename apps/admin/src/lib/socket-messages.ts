/**
 * What the page and the socket's worker say to each other (`socket-proxy.ts` on the page,
 * `socket-bridge.ts` in the worker): plain data, structured-cloned by postMessage.
 */

/** The connection's settings, sent once, first. */
export interface OpenMessage {
  kind: 'open';
  url: string;
  options: { reconnectionDelay: number; reconnectionDelayMax: number; timeout: number };
}

export type ToWorker =
  | OpenMessage
  /** The answer to an `auth` question: the session token as the page has it now ('' when none). */
  | { kind: 'token'; token: string }
  /** An emit; `ack` numbers the page's callback when the emit has one. */
  | { kind: 'emit'; event: string; args: unknown[]; ack?: number }
  | { kind: 'close' };

export type FromWorker =
  /** The socket is (re)connecting and asks for the token (the worker cannot read local storage). */
  | { kind: 'auth' }
  /** An event received, or connect / disconnect; `connected` is the socket's state after it. */
  | { kind: 'event'; event: string; args: unknown[]; connected: boolean }
  | { kind: 'ack'; id: number; args: unknown[] }
  /** The socket is disconnected for good: the worker may be ended. */
  | { kind: 'closed' };

/** Either end of the channel: a Worker on the page, the worker's global scope inside it, or a MessagePort. */
export interface Port<Out, In> {
  postMessage(message: Out): void;
  onmessage: ((event: MessageEvent<In>) => void) | null;
}
