import { EVENTS, REALTIME } from '@backroom/contract';
import { io, type Socket } from 'socket.io-client';
import { getToken } from './token-storage';

let socket: Socket | null = null;
const joinedListeners = new Set<() => void>();

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
