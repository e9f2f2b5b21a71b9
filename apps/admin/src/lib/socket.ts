import { EVENTS, REALTIME } from '@backroom/contract';
import { io, type Socket } from 'socket.io-client';
import { getToken } from './token-storage';

let socket: Socket | null = null;

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
    next.emit(EVENTS.joinAdminGlobal);
  });
  socket = next;
  return next;
}

/** Closes the connection (logout, expired session); the next connectSocket opens a fresh one. */
export function disconnectSocket(): void {
  socket?.disconnect();
  socket = null;
}
