import { randomBytes } from 'node:crypto';
import { seededRandom } from '../../apps/api/src/demo/random';
import { adminLogin, codesForEverybody, type Replier, startReplier } from './admin';
import type { SimulateOptions } from './args';
import { ShopClient } from './client';
import { playCustomer } from './customer';
import { Recorder, type Snapshot } from './recorder';

/** How long customers stay for replies under way at the end of a run: a safety net, not a wait. */
const REPLY_PATIENCE_MS = 120_000;
export interface SimulationResult {
  snapshot: Snapshot;
  /** Codes the customers could use (from the admin's list and --codes). */
  codes: string[];
  /** A 5xx or a call without an answer happened. */
  fatal: boolean;
}

/**
 * Plays options.customers customers against options.url for options.seconds: they arrive over
 * the first half of the time and stay a third to two thirds of it, each with a random generator of its own (seed + its number), and
 * act until the end. With options.allAtOnce they all arrive at once and play every step of their
 * visit without pauses, however long that takes. `log` hears a progress line every `progressEvery` seconds.
 */
export async function simulate(
  options: SimulateOptions,
  log: (line: string) => void = () => {},
  progressEvery = 10,
): Promise<SimulationResult> {
  const recorder = new Recorder();
  const client = new ShopClient(options.url, recorder);
  const started = performance.now();
  const deadline = options.allAtOnce ? Number.POSITIVE_INFINITY : started + options.seconds * 1000;
  const runId = randomBytes(4).toString('hex');

  let replier: Replier | undefined;
  const codes = new Set(options.codes);
  if (options.admin) {
    const token = await adminLogin(client, options.admin, log);
    if (token) {
      for (const code of await codesForEverybody(client, token)) codes.add(code);
      if (options.replies) {
        replier = await startReplier({
          base: options.url,
          token,
          client,
          recorder,
          rnd: seededRandom(options.seed - 1),
        });
      }
    }
  }

  const progress = setInterval(() => {
    const c = recorder.counts;
    log(
      `  ${Math.round((performance.now() - started) / 1000)} s: ${c.customers} customers, ${c.ordersPlaced} orders, ` +
        `${c.messagesSent} messages, ${c.repliesReceived} replies received`,
    );
  }, progressEvery * 1000);
  const arrivals = seededRandom(options.seed);
  try {
    const sockets = await Promise.all(
      Array.from({ length: options.customers }, (_, index) =>
        playCustomer(
          {
            client,
            recorder,
            rnd: seededRandom(options.seed + index + 1),
            deadline,
            // A third to two thirds of the run: the last to arrive still finish, and orders come all along.
            visitMs: options.seconds * 1000 * (1 / 3 + arrivals.next() / 3),
            paced: !options.allAtOnce,
            codes: [...codes],
            runId,
          },
          index,
          options.allAtOnce ? started : started + arrivals.next() * options.seconds * 500,
        ),
      ),
    );
    // The customers stay on the page until the admin's last replies have reached them.
    await replier?.close();
    // Every reply the admin sent must have reached its customer before they leave: wait for that
    // state (a busy machine delivers later), with a net of REPLY_PATIENCE_MS after which the
    // report shows the shortfall.
    const waitedSince = Date.now();
    while (
      recorder.counts.repliesReceived < recorder.counts.repliesSent &&
      Date.now() - waitedSince < REPLY_PATIENCE_MS
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const socket of sockets) socket?.disconnect();
  } finally {
    clearInterval(progress);
  }
  return { snapshot: recorder.snapshot(), codes: [...codes], fatal: recorder.fatal };
}
