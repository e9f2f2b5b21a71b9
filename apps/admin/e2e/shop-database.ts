import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EVENTS, type NewMessageEvent } from '@backroom/contract';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server } from 'socket.io';
import { newId } from '../../api/src/db/ids';

/**
 * The test's side door into the shop under test: its embedded database, and the PostgreSQL
 * adapter through which the storefront (another process on the same database) brings customer
 * messages to the admins' sockets.
 */
export class ShopDatabase {
  readonly pool: pg.Pool;
  private storefront: Server | undefined;

  constructor() {
    const dataDir = process.env.BACKROOM_E2E_DATA_DIR as string;
    const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
    this.pool = new pg.Pool({
      connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${process.env.BACKROOM_E2E_PG_PORT}/backroom`,
      max: 3,
    });
  }

  /** A customer writes to the shop: stored as the storefront would, then pushed to the admins. */
  async sendCustomerMessage(text: string): Promise<NewMessageEvent> {
    const userId = newId();
    const conversationId = newId();
    const messageId = newId();
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
    this.storefront ??= new Server({ adapter: createAdapter(this.pool) });
    this.storefront.to('admins').emit(EVENTS.newMessage, event);
    return event;
  }

  async close(): Promise<void> {
    if (this.storefront) {
      // Give the adapter its moment to take its listening connection before letting it go.
      await new Promise((r) => setTimeout(r, 200));
      this.storefront.of('/').adapter.close();
    }
    await this.pool.end();
  }
}
