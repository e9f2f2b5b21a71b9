import net, { type AddressInfo } from 'node:net';
import { API_PATHS } from '@backroom/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { products } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { adminToken, minimalFields, productForm } from '../helpers/catalogue';
import { png } from '../helpers/images';
import { waitUntil } from '../helpers/wait';

/*
 * An upload the server works on for longer than REQUEST_TIMEOUT (issue 21): its answer comes and
 * the product is saved once. Before, the idle socket timer cut the connection without an answer
 * while the handler went on and saved the product, so a client that retried made duplicates.
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  // Headers and the whole request within 1 s: a silent connection lives 1 s at least.
  t = await createTestApp({ HEADERS_TIMEOUT: '1s', REQUEST_TIMEOUT: '1s', KEEP_ALIVE_TIMEOUT: '500ms' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** A connection that sends nothing; settles when the server closes it. */
async function silentConnection(): Promise<Promise<void>> {
  const socket = net.connect({ port, host: '127.0.0.1' });
  socket.on('error', () => {});
  // Read (and drop) whatever the server says before it closes, a 408 for one: a paused socket with
  // unread data never sees the server's end, so it would never close (a run hung here once).
  socket.resume();
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return new Promise<void>((resolve) => socket.once('close', () => resolve()));
}

it('an upload handled for longer than REQUEST_TIMEOUT is answered, and saved once', async () => {
  const token = await adminToken(t);
  const name = 'Slow Upload Figure';
  // The products table locked: the upload is received and its picture processed, then it waits.
  const lock = await t.database.pool.connect();
  let answer: Promise<{ status: number; body: unknown } | { error: string }>;
  try {
    await lock.query('BEGIN');
    await lock.query('LOCK TABLE products IN ACCESS EXCLUSIVE MODE');
    answer = fetch(`http://127.0.0.1:${port}${API_PATHS.productAdd}`, {
      method: 'POST',
      headers: { token },
      body: productForm({ ...minimalFields, name }, { image1: await png(400, 400) }),
    }).then(
      async (res) => ({ status: res.status, body: await res.json() }),
      (error: Error) => ({ error: `${error.message}: ${String(error.cause)}` }),
    );
    await waitUntil(async () => {
      const waiting = await t.database.pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      return (waiting.rows[0]?.n ?? 0) > 0;
    }, 'the upload to wait on the products table');
    // A connection opened now is closed by HEADERS_TIMEOUT (1 s) at the earliest: once it is, the
    // upload's connection has been silent for longer than REQUEST_TIMEOUT.
    await await silentConnection();
  } finally {
    await lock.query('ROLLBACK');
    lock.release();
  }
  expect(await answer).toEqual({ status: 200, body: expect.objectContaining({ success: true }) });
  const saved = await t.database.db.select({ id: products.id }).from(products).where(eq(products.name, name));
  expect(saved).toHaveLength(1);
});
