import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { bundleProducts, bundles, discountCodes, products, shopSettings, users } from '../../src/db/schema';
import { createSessionToken } from './users';

/* What the storefront's tests set up straight in the database: customers, products, codes, bundles. */

/** A delivery address the storefront takes. */
export const storefrontAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  street: '12 Analytical Row',
  city: 'London',
  state: '',
  zipcode: 'NW1 6XE',
  country: 'UK',
};

let customers = 0;
/** A customer with a customer session (no password: they never log in through the API here). */
export async function createCustomer(db: Db): Promise<{ id: string; token: string }> {
  customers += 1;
  const [user] = await db
    .insert(users)
    .values({ name: `Buyer ${customers}`, email: `buyer${customers}@storefront.test`, passwordHash: '-' })
    .returning({ id: users.id });
  const id = (user as { id: string }).id;
  return { id, token: (await createSessionToken(db, id, undefined, 'customer')).token };
}

let serial = 0;
/** A product on the catalogue: a $10.00 figure with one image of its own unless told otherwise. */
export async function insertStoreProduct(db: Db, values: Partial<typeof products.$inferInsert> = {}) {
  serial += 1;
  const [row] = await db
    .insert(products)
    .values({
      name: `Figure ${serial}`,
      priceCents: 1000,
      mainCategory: 'Figures',
      subCategory: 'Heroes',
      images: [`${serial.toString(16).padStart(32, 'a')}.webp`],
      ...values,
    })
    .returning({ id: products.id, name: products.name });
  return row as { id: string; name: string };
}

/** A discount code: 10% from 2020 to 2099, open to all, unless told otherwise. */
export async function insertDiscountCode(
  db: Db,
  values: Partial<typeof discountCodes.$inferInsert> & { code: string },
) {
  await db.insert(discountCodes).values({ percentage: 10, startDate: '2020-01-01', endDate: '2099-12-31', ...values });
}

/** A bundle on sale from 2020 to 2099 at $25.00 unless told otherwise, its lines these products (null: deleted). */
export async function insertBundle(
  db: Db,
  values: Partial<typeof bundles.$inferInsert>,
  productIds: (string | null)[],
): Promise<string> {
  const [row] = await db
    .insert(bundles)
    .values({
      title: 'A bundle',
      priceCents: 2500,
      startDate: '2020-01-01',
      endDate: '2099-12-31',
      images: [`${'b'.repeat(32)}.webp`],
      ...values,
    })
    .returning({ id: bundles.id });
  const id = (row as { id: string }).id;
  // The kept name and price only stand in once a product is deleted; the storefront reads the product.
  await db.insert(bundleProducts).values(
    productIds.map((productId, position) => ({
      bundleId: id,
      position,
      productId,
      productName: `Line ${position}`,
      productPriceCents: 100,
    })),
  );
  return id;
}

/** The Visibility Settings: the categories and product tags the storefront hides. */
export async function setHidden(db: Db, hiddenCategories: string[], hiddenProductTags: string[] = []) {
  await db.update(shopSettings).set({ hiddenCategories, hiddenProductTags }).where(eq(shopSettings.id, 1));
}
