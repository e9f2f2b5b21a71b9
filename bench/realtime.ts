/**
 * Realtime (issue 12): 1,000 sockets (admins and customers) connected to one instance; how long a
 * customer's message takes from its POST to the admins' sockets, on the same instance and on a
 * second instance on the same database (through the socket.io PostgreSQL adapter); and the
 * customer simulator's order rate at 50 customers with the API's p99 meanwhile. Both instances
 * are real `npm run serve` processes. Run by run.ts at the end, or on its own:
 * node --import tsx bench/realtime.ts. Figures only, no assertions.
 */
import '../apps/api/src/process-signals';
import { CUSTOMER_PATHS, EVENTS, type Message, sentMessageResponseSchema } from '@backroom/contract';
import { io, type Socket } from 'socket.io-client';
import { loadConfig } from '../apps/api/src/config';
import type { Database } from '../apps/api/src/db/client';
import { conversations, sessions, users } from '../apps/api/src/db/schema';
import { generateDemo } from '../apps/api/src/demo/generate';
import { hashToken, newToken } from '../apps/api/src/modules/auth/tokens';
import { createImageStorage } from '../apps/api/src/storage/create-image-storage';
import { type Instance, startInstance } from '../apps/api/test/helpers/instances';
import { BENCH_ADMIN, openBenchDatabase } from './bench-database';
import { ShopClient } from './simulate/client';
import { Recorder } from './simulate/recorder';
import { simulate } from './simulate/run';
import { isMainBench, unusablePasswordHash } from './standalone';
import { percentile } from './timing';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
/** Of the sockets on the first instance, this many are admins; the rest are customers in their own conversation. */
const ADMINS = Math.max(1, Math.round(SOCKETS / 10));
/** Admins listening on the second instance. */
const ADMINS_ON_B = Math.max(1, Math.round(ADMINS / 2));
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200);
/** Messages sent first, not timed. */
const WARM_UP_MESSAGES = 40;
/** Messages a second while the delivery is measured. */
const MESSAGE_RATE = 40;
const SIM_CUSTOMERS = 50;
const SIM_SECONDS = Number(process.env.BENCH_SIMULATE_SECONDS ?? 60);
export const REALTIME_GOAL_P99_MS = 50;

interface Delivery {
  p50: number;
  p99: number;
  max: number;
  deliveries: number;
  missing: number;
}

export interface RealtimeBench {
  sockets: { onA: number; adminsOnA: number; adminsOnB: number; connectSeconds: number; connectP99Ms: number };
  messages: number;
  /** The customers' POSTs themselves (the delivery includes them). */
  post: { p50: number; p99: number };
  sameInstance: Delivery;
  otherInstance: Delivery;
  simulator: {
    customers: number;
    seconds: number;
    ordersPlaced: number;
    ordersPerMinute: number;
    messagesSent: number;
    repliesReceived: number;
    apiP50Ms: number;
    apiP99Ms: number;
    shopP99Ms: number;
    errors: Record<string, number>;
  };
}

const BENCH_DOMAIN = 'realtime.bench.test';

/** Accounts with a session each, straight in the database (nobody signs in 1,000 times for a bench). */
async function makeAccounts(database: Database, role: 'admin' | 'user', count: number, tag: string) {
  const passwordHash = await unusablePasswordHash();
  const accounts: { id: string; token: string; conversationId?: string }[] = [];
  for (let start = 0; start < count; start += 500) {
    const size = Math.min(500, count - start);
    const made = await database.db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          name: `Bench ${role} ${start + i}`,
          email: `${tag}-${role}-${start + i}@${BENCH_DOMAIN}`,
          passwordHash,
          role,
        })),
      )
      .returning({ id: users.id, name: users.name });
    const tokens = made.map(() => newToken());
    await database.db.insert(sessions).values(
      made.map((u, i) => ({
        userId: u.id,
        tokenHash: hashToken(tokens[i] as string),
        expiresAt: new Date(Date.now() + 3_600_000),
        kind: role === 'admin' ? ('admin' as const) : ('customer' as const),
      })),
    );
    const chats =
      role === 'user'
        ? await database.db
            .insert(conversations)
            .values(made.map((u) => ({ userId: u.id, participantName: u.name })))
            .returning({ id: conversations.id, userId: conversations.userId })
        : [];
    const chatOf = new Map(chats.map((c) => [c.userId, c.id]));
    made.forEach((u, i) => {
      accounts.push({ id: u.id, token: tokens[i] as string, conversationId: chatOf.get(u.id) });
    });
  }
  return accounts;
}

/** Opens a socket and joins its room (the admins' or the customer's conversation); answers the time it took. */
async function connect(base: string, token: string, conversationId?: string): Promise<{ socket: Socket; ms: number }> {
  const started = performance.now();
  const socket = io(base, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  if (conversationId) await socket.timeout(10_000).emitWithAck(EVENTS.join, conversationId);
  else await socket.timeout(10_000).emitWithAck(EVENTS.joinAdminGlobal);
  return { socket, ms: performance.now() - started };
}

/** Connects many, `concurrency` at a time. */
async function connectAll(jobs: (() => Promise<{ socket: Socket; ms: number }>)[], concurrency = 50) {
  const results: { socket: Socket; ms: number }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        if (job) results.push(await job());
      }
    }),
  );
  return results;
}

function delivery(times: number[], expected: number): Delivery {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    deliveries: sorted.length,
    missing: expected - sorted.length,
  };
}

export async function benchRealtime(options: {
  databaseUrl: string;
  database: Database;
  admin: { email: string; password: string };
  log: (line: string) => void;
}): Promise<RealtimeBench> {
  const { database, log } = options;
  const env = { ADMIN_EMAIL: options.admin.email, ADMIN_PASSWORD: options.admin.password, LOG_LEVEL: 'warn' };
  const instances: Instance[] = [];
  const sockets: Socket[] = [];
  try {
    const a = await startInstance(options.databaseUrl, env);
    instances.push(a);
    const b = await startInstance(options.databaseUrl, env);
    instances.push(b);
    const tag = Date.now().toString(36);
    const admins = await makeAccounts(database, 'admin', ADMINS + ADMINS_ON_B, tag);
    const customers = await makeAccounts(database, 'user', SOCKETS - ADMINS, tag);

    log(`  realtime: connecting ${SOCKETS} sockets to one instance (${ADMINS} admins, ${customers.length} customers)…`);
    const started = performance.now();
    const onA = await connectAll([
      ...admins.slice(0, ADMINS).map((x) => () => connect(a.base, x.token)),
      ...customers.map((x) => () => connect(a.base, x.token, x.conversationId)),
    ]);
    const connectSeconds = (performance.now() - started) / 1000;
    const connectTimes = onA.map((r) => r.ms).sort((x, y) => x - y);
    const onB = await connectAll(admins.slice(ADMINS).map((x) => () => connect(b.base, x.token)));
    sockets.push(...onA.map((r) => r.socket), ...onB.map((r) => r.socket));
    const adminSocketsA = onA.slice(0, ADMINS).map((r) => r.socket);
    const adminSocketsB = onB.map((r) => r.socket);

    // Each message from a different customer (the per-minute limit is per customer), sent on A at
    // MESSAGE_RATE a second; its delivery timed at every admin socket, on A and on B.
    log(
      `  realtime: ${MESSAGES} customer messages at ${MESSAGE_RATE}/s, timed at ${ADMINS} admins on A and ${ADMINS_ON_B} on B…`,
    );
    const sentAt = new Map<string, number>();
    const times = { a: [] as number[], b: [] as number[] };
    const listen = (socket: Socket, side: 'a' | 'b') =>
      socket.on(EVENTS.newMessage, (payload: Message) => {
        const sent = sentAt.get(payload.body);
        if (sent !== undefined) times[side].push(performance.now() - sent);
      });
    for (const s of adminSocketsA) listen(s, 'a');
    for (const s of adminSocketsB) listen(s, 'b');
    // A warm-up first (the first messages meet cold statements and a cold JIT on both instances),
    // then the measured ones; a different customer for each.
    const warmUp = new ShopClient(a.base, new Recorder());
    const recorder = new Recorder();
    const measured = new ShopClient(a.base, recorder);
    const send = async (count: number, offset: number, client: ShopClient, timed: boolean) => {
      const sends: Promise<unknown>[] = [];
      for (let i = 0; i < count; i++) {
        const customer = customers[(offset + i) % customers.length];
        if (!customer) break;
        const body = `bench message ${tag} ${timed ? '' : 'warm-up '}${i}`;
        if (timed) sentAt.set(body, performance.now());
        sends.push(
          client.call(sentMessageResponseSchema, CUSTOMER_PATHS.messages, { token: customer.token, body: { body } }),
        );
        await new Promise((resolve) => setTimeout(resolve, 1000 / MESSAGE_RATE));
      }
      await Promise.all(sends);
    };
    await send(WARM_UP_MESSAGES, MESSAGES, warmUp, false);
    await send(MESSAGES, 0, measured, true);
    // The last deliveries' grace.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const sameInstance = delivery(times.a, MESSAGES * ADMINS);
    const otherInstance = delivery(times.b, MESSAGES * ADMINS_ON_B);

    // The simulator against A, with the 1,000 sockets still connected.
    log(`  realtime: the simulator, ${SIM_CUSTOMERS} customers for ${SIM_SECONDS} s…`);
    const sim = await simulate({
      url: a.base,
      customers: SIM_CUSTOMERS,
      seconds: SIM_SECONDS,
      admin: options.admin,
      codes: [],
      replies: true,
      seed: 12,
    });
    const s = sim.snapshot;
    return {
      sockets: {
        onA: onA.length,
        adminsOnA: adminSocketsA.length,
        adminsOnB: adminSocketsB.length,
        connectSeconds,
        connectP99Ms: percentile(connectTimes, 99),
      },
      messages: MESSAGES,
      post: { p50: recorder.snapshot().latency.p50, p99: recorder.snapshot().latency.p99 },
      sameInstance,
      otherInstance,
      simulator: {
        customers: s.counts.customers,
        seconds: s.seconds,
        ordersPlaced: s.counts.ordersPlaced,
        ordersPerMinute: (s.counts.ordersPlaced / s.seconds) * 60,
        messagesSent: s.counts.messagesSent,
        repliesReceived: s.counts.repliesReceived,
        apiP50Ms: s.latency.p50,
        apiP99Ms: s.latency.p99,
        shopP99Ms: s.shopLatency.p99,
        errors: s.errors,
      },
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(instances.map((i) => i.stop()));
  }
}

const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

export function realtimeReport(r: RealtimeBench): string[] {
  const line = (label: string, d: Delivery) =>
    `  ${label}: p50 ${fmt(d.p50)} ms, p99 ${fmt(d.p99)} ms, max ${fmt(d.max)} ms over ${fmt(d.deliveries, 0)} deliveries` +
    `${d.missing > 0 ? `, ${fmt(d.missing, 0)} MISSING` : ''} (goal p99 under ${REALTIME_GOAL_P99_MS} ms: ${d.p99 < REALTIME_GOAL_P99_MS && d.missing === 0 ? 'met' : 'NOT met'})`;
  const sim = r.simulator;
  const errors = Object.entries(sim.errors)
    .map(([status, n]) => `${status} x${n}`)
    .join(', ');
  return [
    `Realtime (issue 12): ${fmt(r.sockets.onA, 0)} sockets on one instance A (${fmt(r.sockets.adminsOnA, 0)} admins,` +
      ` ${fmt(r.sockets.onA - r.sockets.adminsOnA, 0)} customers in their conversations), connected in ${fmt(r.sockets.connectSeconds, 2)} s` +
      ` (p99 ${fmt(r.sockets.connectP99Ms)} ms each, 50 at a time)`,
    `  customer message (POST on A) to every admin socket, ${r.messages} messages at ${MESSAGE_RATE}/s` +
      ` (${fmt(r.sockets.adminsOnB, 0)} admins on a second instance B); the POST itself answered in` +
      ` p50 ${fmt(r.post.p50)} ms, p99 ${fmt(r.post.p99)} ms:`,
    line('same instance (A)', r.sameInstance),
    line('other instance (B, through PostgreSQL)', r.otherInstance),
    `  simulator at ${sim.customers} customers for ${fmt(sim.seconds, 0)} s beside those sockets: ${fmt(sim.ordersPlaced, 0)} orders` +
      ` (${fmt(sim.ordersPerMinute)} a minute), ${sim.messagesSent} messages, ${sim.repliesReceived} replies heard;` +
      ` API p50 ${fmt(sim.apiP50Ms)} ms, p99 ${fmt(sim.apiP99Ms)} ms (register/login aside: p99 ${fmt(sim.shopP99Ms)} ms)` +
      `${errors ? `; answers not 2xx: ${errors}` : ''}`,
  ];
}

if (isMainBench('realtime.ts')) {
  (async () => {
    const shop = await openBenchDatabase('realtime');
    const { dir, cluster, database } = shop;
    const admin = BENCH_ADMIN;
    try {
      // A demo shop with its catalogue, so the simulated customers have products, codes and bundles.
      const config = loadConfig({ ...process.env, DATA_DIR: dir, DATABASE_URL: cluster.url });
      await generateDemo(database.db, { storage: createImageStorage(config) });
      const result = await benchRealtime({ databaseUrl: cluster.url, database, admin, log: (l) => console.log(l) });
      console.log(`\n${realtimeReport(result).join('\n')}`);
    } finally {
      await shop.close();
    }
  })().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
