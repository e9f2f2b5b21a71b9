import { randomUUID } from 'node:crypto';
import {
  EVENTS,
  isObjectId,
  type JoinAck,
  NOTIFICATION_EVENTS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type ProductsUpdatedEvent,
  TOKEN_HEADER,
} from '@backroom/contract';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Server, type Socket } from 'socket.io';
import { authenticateSession, type Principal } from '../../modules/auth/service';
import { settleKindRooms } from './kind-rooms';

/** Room names, written once. */
export const ROOMS = {
  admins: 'admins',
  session: (id: string) => `session:${id}`,
  conversation: (id: string) => `conversation:${id}`,
  /** Every socket of one admin: their bell's reads and kinds. */
  admin: (id: string) => `admin:${id}`,
  /** The admins' sockets that receive a kind of notification (docs/decisions/056-notifications.md). */
  notifications: (kind: string) => `notifications:${kind}`,
  /** The admins' sockets whose Messages screen is open. */
  messagesOpen: 'messages-open',
  /** Every socket of one instance (a name of its own per process): a change made here, told the others. */
  instance: (id: string) => `instance:${id}`,
} as const;

export interface Realtime {
  io: Server;
  /** Sends an event to every admin who joined the global room, on every instance. */
  toAdmins(event: string, payload: unknown): void;
  /**
   * Sends an event to the admins' room and a conversation's room in one emit, on every instance:
   * a socket in both (an admin who joined the conversation) receives it once.
   */
  toAdminsAndConversation(conversationId: string, event: string, payload: unknown): void;
  /** Sends an event to every socket of one admin, on every instance. */
  toAdmin(adminId: string, event: string, payload: unknown): void;
  /**
   * The admin's sockets now hear notifications of exactly these kinds: this instance's when it
   * returns, the other instances' as soon as the adapter tells them.
   */
  setNotificationKinds(adminId: string, kinds: readonly NotificationKind[]): void;
  /** The admins who have Messages open on some socket, on any instance. */
  adminsWithMessagesOpen(): Promise<string[]>;
  /** The sockets connected to this instance, by who signed them in (GET /metrics). */
  socketCounts(): { admin: number; customer: number };
  close(): Promise<void>;
}

export interface RealtimeOptions {
  pool: pg.Pool;
  databaseUrl: string;
  corsOrigins: string[];
  /**
   * Whether a conversation is this customer's: the conversations module's check, handed in by
   * app.ts so that this plugin never imports a module's repository.
   */
  isCustomersConversation: (userId: string, conversationId: string) => Promise<boolean>;
  /** The kinds of notification an admin receives: the notifications module's, handed in by app.ts. */
  notificationKinds: (adminId: string) => Promise<NotificationKind[]>;
}

/**
 * socket.io on the app's own port. Broadcasts go through the PostgreSQL adapter, so several
 * instances on one database reach each other's sockets, and a storefront can emit with
 * @socket.io/postgres-emitter. Sockets authenticate with an admin's or a customer's token and
 * close when their session ends: at expiry, or when the database announces a revocation. Admins
 * may join the global room and any conversation; a customer only their own conversation
 * (docs/decisions/030-messages.md).
 */
export async function createRealtime(app: FastifyInstance, options: RealtimeOptions): Promise<Realtime> {
  const io = new Server(app.server, {
    serveClient: false,
    cors: options.corsOrigins.length > 0 ? { origin: options.corsOrigins, credentials: true } : undefined,
    adapter: createAdapter(options.pool, { errorHandler: (err) => app.log.warn({ err }, 'socket.io adapter') }),
  });

  const here = ROOMS.instance(randomUUID());
  io.use(async (socket, next) => {
    try {
      const principal = await authenticateSession(app.ctx.db, handshakeToken(socket));
      socket.data.principal = principal;
      await socket.join([here, ROOMS.session(principal.sessionId)]);
      if (principal.kind === 'admin') await socket.join(ROOMS.admin(principal.userId));
      next();
    } catch (error) {
      next(error instanceof Error ? error : new Error('unauthorised'));
    }
  });

  io.on('connection', (socket) => {
    const { expiresAt } = socket.data.principal as { expiresAt: Date };
    const expiry = setTimeout(() => socket.disconnect(true), Math.min(expiresAt.getTime() - Date.now(), 2 ** 31 - 1));
    socket.on('disconnect', () => clearTimeout(expiry));
    const principal = socket.data.principal as Principal;
    // The acknowledgement tells the admin it is in the room: from then on no broadcast is missed,
    // so what it loaded before can be refreshed once (lib/socket.ts in the admin).
    socket.on(EVENTS.joinAdminGlobal, async (ack: unknown) => {
      if (principal.kind !== 'admin') return answer(ack, { ok: false, message: JOIN_REFUSED.adminsOnly });
      socket.join(ROOMS.admins);
      // The bell: the rooms of the kinds this admin receives, joined before the acknowledgement.
      try {
        await settleKindRooms(
          () => options.notificationKinds(principal.userId),
          (join, leave) => {
            for (const kind of leave) socket.leave(ROOMS.notifications(kind));
            socket.join(join.map(ROOMS.notifications));
          },
          () => socket.connected,
        );
      } catch (err) {
        app.log.warn({ err }, 'socket join: could not read the notification kinds');
      }
      answer(ack, { ok: true });
    });
    // The Messages screen says when it opens and closes: while open, a customer's message does not
    // ring this admin's bell (it is read for them from the start: conversations/customer-service.ts).
    socket.on(NOTIFICATION_EVENTS.messagesOpen, (value: unknown) => {
      if (principal.kind !== 'admin') return;
      const open = typeof value === 'object' && value !== null && (value as { open?: unknown }).open === true;
      if (open) socket.join(ROOMS.messagesOpen);
      else socket.leave(ROOMS.messagesOpen);
    });
    socket.on(EVENTS.join, async (conversationId: unknown, ack: unknown) => {
      if (!isObjectId(conversationId)) return answer(ack, { ok: false, message: JOIN_REFUSED.badId });
      if (principal.kind !== 'admin' && !(await ownsConversation(app, options, principal.userId, conversationId))) {
        return answer(ack, { ok: false, message: JOIN_REFUSED.notYours });
      }
      // The socket may have closed while the ownership was looked up.
      if (!socket.connected) return;
      socket.join(ROOMS.conversation(conversationId));
      answer(ack, { ok: true });
    });
  });

  const revocations = listenForRevocations(app, options.databaseUrl, {
    session_revoked: (sessionId) => {
      io.local.in(ROOMS.session(sessionId)).disconnectSockets(true);
    },
    // Raised by the notifications' insert trigger (migration 0024) on whichever instance or process
    // wrote them: each instance tells its own sockets that receive the kind.
    notifications: (payload) => {
      const created = parseCreated(payload);
      if (created) io.local.to(ROOMS.notifications(created.kind)).emit(NOTIFICATION_EVENTS.created, created);
    },
    // Raised when orders take or give back units, whoever wrote them (migration 0025): one event
    // per statement, so an open Product List refetches its counts once (decision 055).
    stock_changed: (payload) => {
      const ids = payload === '*' ? [] : payload.split(',');
      const event: ProductsUpdatedEvent = ids.length === 1 ? { action: 'updated', id: ids[0] } : { action: 'updated' };
      io.local.to(ROOMS.admins).emit(EVENTS.productsUpdated, event);
    },
  });
  await revocations.ready;
  await adapterListening(io);

  return {
    io,
    toAdmins: (event, payload) => {
      io.to(ROOMS.admins).emit(event, payload);
    },
    toAdminsAndConversation: (conversationId, event, payload) => {
      io.to([ROOMS.admins, ROOMS.conversation(conversationId)]).emit(event, payload);
    },
    toAdmin: (adminId, event, payload) => {
      io.to(ROOMS.admin(adminId)).emit(event, payload);
    },
    setNotificationKinds: (adminId, kinds) => {
      const leave = NOTIFICATION_KINDS.filter((k) => !kinds.includes(k)).map(ROOMS.notifications);
      const join = kinds.map(ROOMS.notifications);
      // This instance's sockets at once, before the call that chose answers: the adapter changes
      // rooms only after its NOTIFY's round trip, which a notification written meanwhile can beat.
      const local = io.local.in(ROOMS.admin(adminId));
      local.socketsLeave(leave);
      local.socketsJoin(join);
      // The other instances' sockets through the adapter, this one's left out (done above).
      const others = io.in(ROOMS.admin(adminId)).except(here);
      others.socketsLeave(leave);
      others.socketsJoin(join);
    },
    async adminsWithMessagesOpen() {
      const sockets = await io.in(ROOMS.messagesOpen).fetchSockets();
      return [...new Set(sockets.map((s) => (s.data.principal as Principal).userId))];
    },
    socketCounts() {
      const counts = { admin: 0, customer: 0 };
      for (const socket of io.of('/').sockets.values()) {
        if ((socket.data.principal as Principal).kind === 'admin') counts.admin++;
        else counts.customer++;
      }
      return counts;
    },
    async close() {
      await revocations.close();
      io.local.disconnectSockets(true);
      io.engine.close();
      await io.of('/').adapter.close();
    },
  };
}

/** Why a join was refused: told in its acknowledgement. */
export const JOIN_REFUSED = {
  adminsOnly: 'joinAdminGlobal: only an admin may join the admins room',
  badId: 'conversationId: must be a 24-character hex id',
  notYours: 'conversationId: not your conversation',
} as const;

function answer(ack: unknown, value: JoinAck): void {
  if (typeof ack === 'function') ack(value);
}

/** A customer's socket joins only the conversation that is theirs. */
async function ownsConversation(
  app: FastifyInstance,
  options: Pick<RealtimeOptions, 'isCustomersConversation'>,
  userId: string,
  conversationId: string,
): Promise<boolean> {
  try {
    return await options.isCustomersConversation(userId, conversationId);
  } catch (err) {
    app.log.warn({ err }, 'socket join: could not check the conversation');
    return false;
  }
}

function handshakeToken(socket: Socket): string | undefined {
  const fromAuth = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
  if (typeof fromAuth === 'string') return fromAuth;
  const header = socket.handshake.headers[TOKEN_HEADER];
  return Array.isArray(header) ? header[0] : header;
}

function parseCreated(payload: string): { kind: NotificationKind; count: number } | undefined {
  try {
    const value = JSON.parse(payload) as { kind?: unknown; count?: unknown };
    const kind = NOTIFICATION_KINDS.find((k) => k === value.kind);
    return kind && typeof value.count === 'number' ? { kind, count: value.count } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * LISTEN on 'session_revoked', 'notifications' and 'stock_changed' (raised by triggers), reconnecting if the
 * connection drops.
 */
function listenForRevocations(app: FastifyInstance, url: string, handlers: Record<string, (payload: string) => void>) {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (msg) => {
      if (msg.payload) handlers[msg.channel]?.(msg.payload);
    });
    next.on('error', (err) => {
      app.log.warn({ err }, 'session revocation listener lost its connection');
      next.end().catch(() => {});
      if (!closed) retry = setTimeout(connect, 1000);
    });
    try {
      await next.connect();
      for (const channel of Object.keys(handlers)) await next.query(`LISTEN ${channel}`);
      client = next;
      if (closed) await next.end();
    } catch (err) {
      app.log.warn({ err }, 'session revocation listener could not connect');
      next.end().catch(() => {});
      if (!closed) retry = setTimeout(connect, 1000);
    }
  };
  const ready = connect();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      await ready;
      await client?.end().catch(() => {});
    },
  };
}

/**
 * The PostgreSQL adapter takes its LISTEN connection from the pool in the background. Waiting for
 * it means the app only reports ready once broadcasts from other instances arrive, and that a
 * quick close never leaves that connection checked out (which would hang the pool's end).
 */
async function adapterListening(io: Server): Promise<void> {
  const adapter = io.of('/').adapter as unknown as { client?: { client?: unknown } };
  for (let waited = 0; waited < 10_000 && !adapter.client?.client; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
