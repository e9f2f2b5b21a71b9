import pg from 'pg';

/** The socket.io adapter's connections: one held for LISTEN, one for its NOTIFYs and its cleanup. */
export const PUBSUB_POOL_MAX = 2;

/**
 * The socket.io PostgreSQL adapter's own small pool (docs/decisions/057-mixed-load.md, fourth stop).
 * On the app's pool the adapter held one connection for its LISTEN for good (the screens had 4 of
 * DATABASE_POOL_MAX 5 on 2 cores) and sent each broadcast's NOTIFY (one per status change) through
 * the queue the requests wait in. Its transactions run with synchronous_commit off: a NOTIFY
 * takes a transaction id, so each one committed with a WAL flush (an fdatasync) for nothing that
 * needs to outlive a crash (a notification lives in memory; the adapter's attachments table holds
 * payloads for 30 s, for listeners that a crash disconnects anyway). Every write the app makes
 * keeps its own durable commit.
 */
export function connectPubSubPool(url: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: PUBSUB_POOL_MAX,
    options: '-c synchronous_commit=off',
    application_name: 'socket.io adapter',
  });
  // An idle client's error (e.g. the server restarting) must not crash the process; the adapter
  // reconnects its LISTEN by itself.
  pool.on('error', () => {});
  return pool;
}
