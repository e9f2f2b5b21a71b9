import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Socket } from 'socket.io-client';
import { PATIENCE_MS, waitUntil } from './wait';

/*
 * "Nothing else came" as a fact rather than the hope of a pause. The app's broadcasts go through
 * the socket.io PostgreSQL adapter, which reaches this instance's own sockets only once its
 * pg_notify on its own pool (db/pubsub.ts) has answered: an event sent before a call answered may
 * reach its socket after the answer. So: wait until neither the app's pool nor the adapter's has a
 * statement under way (every broadcast sent so far has gone out locally), then send the socket one
 * event of this instance's own; socket.io delivers one connection's packets in order.
 */

const inFlight = new WeakMap<pg.Pool, { count: number }>();

/** Counts the pool's statements under way (createTestApp calls it for the app's and the adapter's pools). */
export function trackQueries(pool: pg.Pool): void {
  if (inFlight.has(pool)) return;
  const state = { count: 0 };
  inFlight.set(pool, state);
  const query = pool.query;
  pool.query = ((...args: Parameters<typeof query>) => {
    const result = query.apply(pool, args) as unknown;
    if (result instanceof Promise) {
      state.count += 1;
      const done = () => {
        state.count -= 1;
      };
      result.then(done, done);
    }
    return result;
  }) as typeof query;
}

const BARRIER = 'test:barrier';

/** What allDelivered reads of a TestApp (app.ts), named here: app.ts imports this file. */
type AppUnderTest = { app: FastifyInstance; database: { pool: pg.Pool; pubsub: pg.Pool } };

/**
 * Resolves once everything the app sent this socket so far has arrived; rejects if the server
 * closes the socket instead.
 */
export async function allDelivered(t: AppUnderTest, socket: Socket): Promise<void> {
  const states = [t.database.pool, t.database.pubsub].map((pool) => inFlight.get(pool));
  if (states.some((state) => !state))
    throw new Error("the app's pools are not tracked: build the app with createTestApp");
  // The app's own statements first (a broadcast is sent after its write), then the adapter's NOTIFYs.
  await waitUntil(() => states.every((state) => state?.count === 0), "the app's broadcasts to go out");
  // The adapter's own continuations run before the next turn of the event loop.
  await new Promise((resolve) => setImmediate(resolve));
  const id = randomUUID();
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      socket.off(BARRIER, onBarrier);
      socket.off('disconnect', onDisconnect);
      if (error) reject(error);
      else resolve();
    };
    const onBarrier = (got: string) => {
      if (got === id) done();
    };
    const onDisconnect = (reason: string) => done(new Error(`the socket closed (${reason}) before the barrier came`));
    const timer = setTimeout(() => done(new Error(`no barrier within ${PATIENCE_MS} ms`)), PATIENCE_MS);
    socket.on(BARRIER, onBarrier);
    socket.on('disconnect', onDisconnect);
    if (!socket.id) return done(new Error('the socket is not connected'));
    t.app.ctx.realtime.io.local.to(socket.id).emit(BARRIER, id);
  });
}
