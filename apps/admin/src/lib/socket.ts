import { EVENTS, NOTIFICATION_EVENTS, REALTIME } from '@backroom/contract';
import { io, type Socket } from 'socket.io-client';
import { getToken } from './token-storage';

let socket: Socket | null = null;
const joinedListeners = new Set<() => void>();
let messagesOpen = false;

/**
 * The one realtime connection to the API (spec 1 section 7): same origin, with credentials, retrying
 * without limit. The token is read at every (re)connection; the admins' room is joined on each connect.
 */
export function connectSocket(): Socket {
  if (socket) return socket;
  const next = io('/', {
    auth: (callback) => callback({ token: getToken() ?? '' }),
    withCredentials: true,
    reconnection: true,
    reconnectionAttempts: Number.POSITIVE_INFINITY,
    reconnectionDelay: REALTIME.reconnectionDelay,
    reconnectionDelayMax: REALTIME.reconnectionDelayMax,
    timeout: REALTIME.timeout,
  });
  next.on('connect', () => {
    // A new connection is a new socket on the server: it is told again that Messages is open.
    if (messagesOpen) next.emit(NOTIFICATION_EVENTS.messagesOpen, { open: true });
    next.emit(EVENTS.joinAdminGlobal, () => {
      for (const listener of joinedListeners) listener();
    });
  });
  socket = next;
  return next;
}

/** Closes the connection (logout, expired session); the next connectSocket opens a fresh one. */
export function disconnectSocket(): void {
  socket?.disconnect();
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
