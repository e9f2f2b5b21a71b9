import { EVENTS, joinAckSchema } from '@backroom/contract';
import { io, type Socket } from 'socket.io-client';
import { PATIENCE_MS } from './wait';

/**
 * A socket to a server given by its address (another process), as a browser opens one:
 * websocket only, the token in the handshake, no automatic reconnection (a test reconnects
 * itself, with socket.connect()).
 */
export async function openSocket(base: string, token: string): Promise<Socket> {
  const socket = io(base, { auth: { token }, reconnection: false, transports: ['websocket'] });
  await connected(socket);
  return socket;
}

/** Resolves once the socket (re)connects; rejects on a refused handshake, or after `ms` (a safety net). */
export function connected(socket: Socket, ms = PATIENCE_MS): Promise<void> {
  if (socket.connected) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no connection within ${ms} ms`)), ms);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** Joins the admins' room as the admin's shell does; the acknowledgement means no broadcast is missed from now on. */
export async function joinAdmins(socket: Socket): Promise<void> {
  await socket.timeout(PATIENCE_MS).emitWithAck(EVENTS.joinAdminGlobal);
}

/** An admin's socket in the admins' room. */
export async function adminSocketAt(base: string, token: string): Promise<Socket> {
  const socket = await openSocket(base, token);
  await joinAdmins(socket);
  return socket;
}

/** A customer's socket in their own conversation's room. */
export async function customerSocketAt(base: string, token: string, conversationId: string): Promise<Socket> {
  const socket = await openSocket(base, token);
  const ack = joinAckSchema.parse(await socket.timeout(PATIENCE_MS).emitWithAck(EVENTS.join, conversationId));
  if (!ack.ok) {
    socket.disconnect();
    throw new Error(`join refused: ${ack.message ?? 'no reason given'}`);
  }
  return socket;
}

/** Resolves when the server ends the socket (a revoked session), or rejects after `ms` (a safety net). */
export function serverDisconnect(socket: Socket, ms = PATIENCE_MS): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
