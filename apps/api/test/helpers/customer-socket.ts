import type { AddressInfo } from 'node:net';
import { EVENTS, type JoinAck } from '@backroom/contract';
import { io, type Socket } from 'socket.io-client';
import type { TestApp } from './app';
import { createSessionToken, createUser } from './users';
import { PATIENCE_MS } from './wait';

/** A customer account with a storefront (customer) session, as POST /api/customer/login gives. */
export async function createCustomer(t: TestApp, values: { name?: string } = {}) {
  const user = await createUser(t.database.db, { role: 'user', ...values });
  const { token, sessionId } = await createSessionToken(t.database.db, user.id, undefined, 'customer');
  return { ...user, token, sessionId };
}

/** A connected socket with this token (a customer's or an admin's) that joined nothing yet; the app must listen. */
export async function openSocket(t: TestApp, token: string): Promise<Socket> {
  const { port } = t.app.server.address() as AddressInfo;
  const socket = io(`http://127.0.0.1:${port}`, { auth: { token }, reconnection: false, transports: ['websocket'] });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Emits join for a conversation and returns the server's acknowledgement. */
export function joinConversation(socket: Socket, conversationId: unknown): Promise<JoinAck> {
  return socket.timeout(PATIENCE_MS).emitWithAck(EVENTS.join, conversationId);
}
