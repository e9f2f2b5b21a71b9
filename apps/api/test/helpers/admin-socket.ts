import type { AddressInfo } from 'node:net';
import { EVENTS } from '@backroom/contract';
import { io, type Socket } from 'socket.io-client';
import { createTestApp, type TestApp } from './app';
import { allDelivered } from './broadcasts';
import { createSessionToken, createUser } from './users';
import { PATIENCE_MS } from './wait';

/** An admin's socket that joined the global room, as the admin's shell does; the app must listen. */
export async function adminSocket(t: TestApp, token: string): Promise<Socket> {
  const { port } = t.app.server.address() as AddressInfo;
  const socket = io(`http://127.0.0.1:${port}`, { auth: { token }, reconnection: false, transports: ['websocket'] });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // The server acknowledges the join once the socket is in the room.
  await socket.timeout(PATIENCE_MS).emitWithAck(EVENTS.joinAdminGlobal);
  // A broadcast sent before this socket joined can still reach it (the adapter's NOTIFY may answer
  // after the call that sent it did): let every one land now, so a test hears only what follows.
  await allDelivered(t, socket);
  return socket;
}

/**
 * The app on a fresh database, listening, with an admin's session token and that admin's socket
 * in the global room: the set-up of the files that watch what the admins are sent.
 */
export async function socketApp(name?: string): Promise<{ t: TestApp; token: string; socket: Socket }> {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await createUser(t.database.db, { role: 'admin', ...(name && { name }) });
  const token = (await createSessionToken(t.database.db, admin.id)).token;
  return { t, token, socket: await adminSocket(t, token) };
}

/** The next event of that name (that matches, if a test is given); rejects only after PATIENCE_MS. */
export function nextEvent<T>(
  socket: Socket,
  event: string,
  matches: (payload: T) => boolean = () => true,
  ms = PATIENCE_MS,
) {
  return new Promise<T>((resolve, reject) => {
    const listener = (payload: T) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    socket.on(event, listener);
  });
}
