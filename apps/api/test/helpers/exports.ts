import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/** A CSV export's text read back as records keyed by the header row (the BOM taken off). */
export function readCsv(text: string): Record<string, string>[] {
  return parse(text, { bom: true, columns: true, skip_empty_lines: false });
}

/**
 * `count` orders written in one statement, one item each, a minute apart from 2025-01-01: for the
 * exports' size and abort tests. Ids are made from `tag`, so two calls do not collide.
 */
export async function insertManyOrders(db: Db, count: number, tag = 'bulk'): Promise<void> {
  await db.execute(sql`
    INSERT INTO orders (id, items, status, payment, payment_method, first_name, last_name, email, phone,
                        street, city, state, zipcode, country, created_at)
    SELECT substr(md5(${tag} || i), 1, 24),
           jsonb_build_array(jsonb_build_object('productId', null, 'name', 'Generated item ' || i, 'image', null,
                             'quantity', 1 + i % 3, 'unitPriceCents', 999 + i % 500, 'color', 'red|M')),
           'Order Placed', i % 2 = 0, 'Card', 'First' || i, 'Last' || i, 'buyer' || i || '@bulk.test',
           '555-' || i, '1 Main Street, Apt 4', 'Springfield', 'IL', '62701', 'US',
           timestamptz '2025-01-01 00:00:00+00' + i * interval '1 minute'
      FROM generate_series(1, ${count}::int) i`);
}
