import '../process-signals';
import { like, sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { users } from '../db/schema';
import { createImageStorage } from '../storage/create-image-storage';
import { DEMO_CUSTOMERS_IN_DETAIL, DEMO_DOMAIN, generateDemo, removeDemo } from './generate';
import { DEMO_ORDERS } from './orders';

/**
 * npm run demo [-- --reset] [-- --customers N] [-- --products N] [-- --orders N]: adds the demo
 * shop to the configured database (DATABASE_URL, or the embedded one under DATA_DIR while the app
 * is stopped), its images to the configured image storage. Big shops on request, e.g.
 * --customers 100000 --orders 1000000 (a few minutes: generated in SQL, with progress).
 */
async function main() {
  const args = process.argv.slice(2);
  const reset = args.includes('--reset');
  const customers = wholeArg(args, '--customers', 1, 10_000_000);
  const products = wholeArg(args, '--products', 0, 5_000_000);
  const orders = wholeArg(args, '--orders', 0, 50_000_000);
  const config = loadConfig();
  const opened = await openDatabase(config, () => {});
  const storage = createImageStorage(config);
  try {
    const db = opened.database.db;
    if (reset) await removeDemo(db, storage);
    else if (
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(like(users.email, `%@${DEMO_DOMAIN}`))
          .limit(1)
      ).length
    ) {
      throw new Error('the demo shop is already there; rebuild it with: npm run demo -- --reset');
    }
    const started = Date.now();
    const summary = await generateDemo(db, {
      customers,
      products,
      orders,
      storage,
      timeZone: config.shopTimeZone,
      onProgress: (what, done, total) => process.stdout.write(`  ${what}: ${done} of ${total}\n`),
    });
    if ((customers ?? 0) > DEMO_CUSTOMERS_IN_DETAIL || (orders ?? 0) > DEMO_ORDERS) {
      // What autovacuum would do soon after a big insert: statistics, and the visibility map for index-only counts.
      await db.execute(sql`vacuum analyze users, orders`);
    }
    process.stdout.write(`Took ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
    process.stdout.write(`Demo shop ${reset ? 'rebuilt' : 'added'}: ${JSON.stringify(summary)}\n`);
  } finally {
    await opened.close();
  }
}

/** The whole number after flag, if given, within [min, max]. */
function wholeArg(args: string[], flag: string, min: number, max: number): number | undefined {
  const at = args.indexOf(flag);
  if (at < 0) return undefined;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${flag} takes a whole number from ${min} to ${max}`);
  }
  return value;
}

main().catch((err) => {
  process.stderr.write(`demo: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
