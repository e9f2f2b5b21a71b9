import { EVENTS, NOTIFICATION_EVENTS, REALTIME } from '@backroom/contract';
import { whenIdle } from './idle';
import { type RealtimeSocket, SocketProxy } from './socket-proxy';
import { getToken } from './token-storage';

export type { RealtimeSocket } from './socket-proxy';

/**
 * The connection, its socket.io client in a worker (`socket-worker.ts`): the worker is started
 * when the page is idle after its first paint, so neither its code nor its connect competes with
 * the first screen, and the client's evaluation and connect never run on the page's main thread
 * (docs/decisions/058-lighthouse-on-a-phone.md). Listeners added and emits made before are kept
 * by the proxy until then.
 */
function openConnection(): { socket: SocketProxy; close: () => void } {
  const socket = new SocketProxy(() => getToken() ?? '');
  const cancelIdle = whenIdle(() => {
    const worker = new Worker(new URL('./socket-worker.ts', import.meta.url), { type: 'module', name: 'socket' });
    socket.attach(
      worker,
      {
        kind: 'open',
        url: location.origin,
        options: {
          reconnectionDelay: REALTIME.reconnectionDelay,
          reconnectionDelayMax: REALTIME.reconnectionDelayMax,
          timeout: REALTIME.timeout,
        },
      },
      () => worker.terminate(),
    );
  });
  return {
    socket,
    close: () => {
      cancelIdle();
      socket.close();
    },
  };
}

let connection: ReturnType<typeof openConnection> | null = null;
const joinedListeners = new Set<() => void>();
let messagesOpen = false;

/**
 * The one realtime connection to the API (spec 1 section 7): same origin, with credentials, retrying
 * without limit. The token is read at every (re)connection; the admins' room is joined on each connect.
 */
export function connectSocket(): RealtimeSocket {
  if (connection) return connection.socket;
  connection = openConnection();
  const next = connection.socket;
  // The first listener, as before the worker: the screens' own 'connect' listeners run after it.
  next.on('connect', () => {
    // A new connection is a new socket on the server: it is told again that Messages is open.
    if (messagesOpen) next.emit(NOTIFICATION_EVENTS.messagesOpen, { open: true });
    next.emit(EVENTS.joinAdminGlobal, () => {
      for (const listener of joinedListeners) listener();
    });
  });
  return next;
}

/** Closes the connection (logout, expired session); the next connectSocket opens a fresh one. */
export function disconnectSocket(): void {
  connection?.close();
  connection = null;
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
