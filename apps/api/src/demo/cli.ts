import '../process-signals';
import { like } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { users } from '../db/schema';
import { createImageStorage } from '../storage/image-storage';
import { DEMO_DOMAIN, generateDemo, removeDemo } from './generate';

/**
 * npm run demo [-- --reset] [-- --customers N] [-- --products N]: adds the demo shop to the
 * configured database (DATABASE_URL, or the embedded one under DATA_DIR while the app is stopped),
 * its images to the configured image storage.
 */
async function main() {
  const args = process.argv.slice(2);
  const reset = args.includes('--reset');
  const customersArg = args.indexOf('--customers');
  const customers = customersArg >= 0 ? Number(args[customersArg + 1]) : undefined;
  if (customers !== undefined && (!Number.isInteger(customers) || customers < 1)) {
    throw new Error('--customers takes a whole number of at least 1');
  }
  const productsArg = args.indexOf('--products');
  const products = productsArg >= 0 ? Number(args[productsArg + 1]) : undefined;
  if (products !== undefined && (!Number.isInteger(products) || products < 0 || products > 5_000_000)) {
    throw new Error('--products takes a whole number from 0 to 5000000');
  }
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
    const summary = await generateDemo(db, { customers, products, storage });
    process.stdout.write(`Demo shop ${reset ? 'rebuilt' : 'added'}: ${JSON.stringify(summary)}\n`);
  } finally {
    await opened.close();
  }
}

main().catch((err) => {
  process.stderr.write(`demo: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
