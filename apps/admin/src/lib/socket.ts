import { EVENTS, NOTIFICATION_EVENTS, REALTIME } from '@backroom/contract';
import type { Socket } from 'socket.io-client';
import { whenIdle } from './idle';
import { getToken } from './token-storage';

type Listener = (...args: never[]) => void;
/** socket.io's own listener type: the screens' listeners check what they receive (with the contract's schemas). */
type SocketListener = (...args: unknown[]) => void;

/**
 * What the screens use of the connection: listeners on and off, emit, and whether it is up. The
 * socket.io client itself (about 15 KB compressed, 40–55 ms of evaluation on a fast machine) is
 * imported when the page is idle after its first paint, not with the shell
 * (docs/decisions/058-lighthouse-on-a-phone.md): listeners added before are put on it when it
 * arrives, and what is emitted before is sent once it is connected, as socket.io's own buffer does.
 */
export interface RealtimeSocket {
  on(event: string, listener: Listener): void;
  off(event: string, listener: Listener): void;
  emit(event: string, ...args: unknown[]): void;
  readonly connected: boolean;
}

class DeferredSocket implements RealtimeSocket {
  private real: Socket | null = null;
  private closed = false;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly waiting: { event: string; args: unknown[] }[] = [];
  private readonly cancelIdle: () => void;

  constructor(private readonly onOpen: (socket: Socket) => void) {
    this.cancelIdle = whenIdle(() => {
      import('socket.io-client').then(
        ({ io }) => this.open(io),
        (error: unknown) => console.error(error),
      );
    });
  }

  private open(io: typeof import('socket.io-client').io): void {
    if (this.closed || this.real) return;
    const real = io('/', {
      auth: (callback) => callback({ token: getToken() ?? '' }),
      withCredentials: true,
      reconnection: true,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
      reconnectionDelay: REALTIME.reconnectionDelay,
      reconnectionDelayMax: REALTIME.reconnectionDelayMax,
      timeout: REALTIME.timeout,
    });
    this.onOpen(real);
    for (const [event, set] of this.listeners) for (const listener of set) real.on(event, listener as SocketListener);
    for (const { event, args } of this.waiting.splice(0)) real.emit(event, ...args);
    this.real = real;
  }

  on(event: string, listener: Listener): void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    this.real?.on(event, listener as SocketListener);
  }

  off(event: string, listener: Listener): void {
    this.listeners.get(event)?.delete(listener);
    this.real?.off(event, listener as SocketListener);
  }

  emit(event: string, ...args: unknown[]): void {
    if (this.real) this.real.emit(event, ...args);
    else this.waiting.push({ event, args });
  }

  get connected(): boolean {
    return this.real?.connected ?? false;
  }

  close(): void {
    this.closed = true;
    this.cancelIdle();
    this.real?.disconnect();
  }
}

let socket: DeferredSocket | null = null;
const joinedListeners = new Set<() => void>();
let messagesOpen = false;

/**
 * The one realtime connection to the API (spec 1 section 7): same origin, with credentials, retrying
 * without limit. The token is read at every (re)connection; the admins' room is joined on each connect.
 */
export function connectSocket(): RealtimeSocket {
  if (socket) return socket;
  socket = new DeferredSocket((next) => {
    next.on('connect', () => {
      // A new connection is a new socket on the server: it is told again that Messages is open.
      if (messagesOpen) next.emit(NOTIFICATION_EVENTS.messagesOpen, { open: true });
      next.emit(EVENTS.joinAdminGlobal, () => {
        for (const listener of joinedListeners) listener();
      });
    });
  });
  return socket;
}

/** Closes the connection (logout, expired session); the next connectSocket opens a fresh one. */
export function disconnectSocket(): void {
  socket?.close();
  socket = null;
}

/**
 * Calls onChange on each of these broadcasts to the admins, and each time the server confirms the
 * admins' room was joined (first connection or reconnection): what a screen loaded before that
 * moment may have missed a broadcast. Answers the unsubscribe.
 */
export function onAdminBroadcasts(events: readonly string[], onChange: () => void): () => void {
  const current = connectSocket();
  for (const event of events) current.on(event, onChange);
  joinedListeners.add(onChange);
  return () => {
    for (const event of events) current.off(event, onChange);
    joinedListeners.delete(onChange);
  };
}

/**
 * The Messages screen says it is open (or closed): while it is, a customer's message does not ring
 * this admin's bell; the server reads it from the socket's room (docs/decisions/056-notifications.md).
 */
export function setMessagesOpen(open: boolean): void {
  messagesOpen = open;
  const current = connectSocket();
  if (current.connected) current.emit(NOTIFICATION_EVENTS.messagesOpen, { open });
}
