import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EVENTS, type NewMessageEvent, newObjectId } from '@backroom/contract';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server } from 'socket.io';

export interface StorefrontOrderItem {
  productId?: string;
  name: string;
  /** An image URL or a base name in the image storage. */
  image?: string;
  quantity: number;
  unitPriceCents: number;
  /** 'color|size', either part possibly 'null'. */
  color?: string;
}

export interface StorefrontOrder {
  items: StorefrontOrderItem[];
  amountCents?: number | null;
  status?: string;
  payment?: boolean;
  paymentMethod?: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  street?: string;
  city?: string;
  state?: string;
  zipcode?: string;
  country?: string;
  trackingNumber?: string;
  createdAt?: Date;
}

/**
 * The test's side door into the shop under test: its embedded database, and the PostgreSQL
 * adapter through which the storefront (another process on the same database) brings customer
 * messages to the admins' sockets.
 */
export class ShopDatabase {
  readonly pool: pg.Pool;
  private storefront: Server | undefined;
  /** Settles once the storefront's adapter holds its listening connection (see close()). */
  private listening: Promise<void> | undefined;

  /** The shop of the server that keeps its data in `dataDir`, its embedded PostgreSQL on `pgPort`. */
  constructor(dataDir: string, pgPort: number) {
    const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
    this.pool = new pg.Pool({
      connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/backroom`,
      max: 3,
    });
  }

  /** A customer writes to the shop: stored as the storefront would, then pushed to the admins. */
  async sendCustomerMessage(text: string): Promise<NewMessageEvent> {
    const userId = newObjectId();
    const conversationId = newObjectId();
    const messageId = newObjectId();
    const name = 'Casey Customer';
    await this.pool.query('insert into users (id, name, email, password_hash) values ($1, $2, $3, $4)', [
      userId,
      name,
      `casey.${userId}@customer.example`,
      'not-a-login',
    ]);
    await this.pool.query(
      `insert into conversations (id, user_id, participant_name, last_message, last_message_at, admin_unread)
       values ($1, $2, $3, $4, now(), true)`,
      [conversationId, userId, name, text],
    );
    await this.pool.query(
      'insert into messages (id, conversation_id, sender_id, body, is_admin) values ($1, $2, $3, $4, false)',
      [messageId, conversationId, userId, text],
    );
    const event: NewMessageEvent = {
      _id: messageId,
      conversation: conversationId,
      body: text,
      isAdmin: false,
      sender: { name },
      createdAt: new Date().toISOString(),
    };
    if (!this.storefront) {
      this.storefront = new Server({ adapter: createAdapter(this.pool) });
      this.listening = listeningConnection(this.storefront);
    }
    this.storefront.to('admins').emit(EVENTS.newMessage, event);
    return event;
  }

  /**
   * A customer places an order: stored as the storefront would (the database's triggers keep the
   * totals and the dashboard's rollups). Answers the new order's id.
   */
  async placeOrder(order: StorefrontOrder): Promise<string> {
    const id = newObjectId(order.createdAt);
    const userId = newObjectId();
    await this.pool.query('insert into users (id, name, email, password_hash) values ($1, $2, $3, $4)', [
      userId,
      `${order.firstName} ${order.lastName}`,
      `${order.email.split('@')[0]}.${userId}@customer.example`,
      'not-a-login',
    ]);
    await this.pool.query(
      `insert into orders (id, user_id, items, amount_cents, status, payment, payment_method, first_name, last_name,
         email, phone, street, city, state, zipcode, country, tracking_number, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
      [
        id,
        userId,
        JSON.stringify(
          order.items.map((item) => ({
            productId: item.productId ?? null,
            name: item.name,
            image: item.image ?? null,
            quantity: item.quantity,
            unitPriceCents: item.unitPriceCents,
            color: item.color ?? null,
          })),
        ),
        order.amountCents ?? null,
        order.status ?? 'Order Placed',
        order.payment ?? false,
        order.paymentMethod ?? 'COD',
        order.firstName,
        order.lastName,
        order.email,
        order.phone ?? '',
        order.street ?? '12 Harbour Road',
        order.city ?? 'Portsmouth',
        order.state ?? 'NH',
        order.zipcode ?? '03801',
        order.country ?? 'US',
        order.trackingNumber ?? null,
        order.createdAt ?? new Date(),
      ],
    );
    return id;
  }

  /**
   * Earlier history for a conversation: `count` messages ('History 1' the oldest), alternating the
   * customer and an admin, a minute apart and ending an hour before its first real message.
   */
  async addConversationHistory(conversationId: string, count: number): Promise<void> {
    const { rows } = await this.pool.query<{ user_id: string; first: Date | null }>(
      `select c.user_id, (select min(created_at) from messages m where m.conversation_id = c.id) as first
         from conversations c where c.id = $1`,
      [conversationId],
    );
    const conversation = rows[0];
    if (!conversation) throw new Error(`no conversation ${conversationId}`);
    const end = (conversation.first ?? new Date()).getTime() - 60 * 60_000;
    for (let i = 1; i <= count; i += 1) {
      const at = new Date(end - (count - i) * 60_000);
      const isAdmin = i % 2 === 0;
      await this.pool.query(
        'insert into messages (id, conversation_id, sender_id, body, is_admin, created_at) values ($1, $2, $3, $4, $5, $6)',
        [newObjectId(at), conversationId, isAdmin ? null : conversation.user_id, `History ${i}`, isAdmin, at],
      );
    }
  }

  /**
   * `count` customers named '{prefix} 1'… each with a conversation holding one message, the
   * highest number the newest, a minute apart: enough for a list of several pages.
   */
  async addConversations(prefix: string, count: number): Promise<void> {
    const now = Date.now();
    for (let i = 1; i <= count; i += 1) {
      const at = new Date(now - (count - i + 1) * 60_000);
      const userId = newObjectId(at);
      const conversationId = newObjectId(at);
      const name = `${prefix} ${i}`;
      await this.pool.query('insert into users (id, name, email, password_hash) values ($1, $2, $3, $4)', [
        userId,
        name,
        `${prefix.toLowerCase().replace(/[^a-z0-9]+/g, '.')}.${i}.${userId}@customer.example`,
        'not-a-login',
      ]);
      await this.pool.query(
        `insert into conversations (id, user_id, participant_name, last_message, last_message_at, admin_unread)
         values ($1, $2, $3, $4, $5, false)`,
        [conversationId, userId, name, `Message ${i}`, at],
      );
      await this.pool.query(
        'insert into messages (id, conversation_id, sender_id, body, is_admin, created_at) values ($1, $2, $3, $4, false, $5)',
        [newObjectId(at), conversationId, userId, `Message ${i}`, at],
      );
    }
  }

  /** Every conversation read, as if the admins had opened them all (the unread count is then 0). */
  async markAllConversationsRead(): Promise<void> {
    await this.pool.query('update conversations set admin_unread = false where admin_unread');
  }

  async close(): Promise<void> {
    if (this.storefront) {
      // The adapter lets its listening connection go only once it holds it: one still being opened
      // would stay checked out of the pool for good, and the pool's end would wait for it forever.
      await this.listening;
      this.storefront.of('/').adapter.close();
    }
    await this.pool.end();
  }
}

/**
 * Resolves when the PostgreSQL adapter of `server` has its listening connection: its pub/sub
 * client keeps that connection in `client` once it has run LISTEN (@socket.io/postgres-adapter
 * 0.5, dist/util.js), and tells no one, so the assignment itself is watched.
 */
function listeningConnection(server: Server): Promise<void> {
  const pubSub = (server.of('/').adapter as unknown as { client: { client?: unknown } }).client;
  if (pubSub.client) return Promise.resolve();
  return new Promise((resolve) => {
    let connection: unknown;
    Object.defineProperty(pubSub, 'client', {
      configurable: true,
      enumerable: true,
      get: () => connection,
      set: (value: unknown) => {
        connection = value;
        if (value) resolve();
      },
    });
  });
}
