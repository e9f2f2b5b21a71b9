import { PRODUCT_TAGS, type ProductTag } from '@backroom/contract';
import { and, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { readSettings } from '../settings/repository';

/** What the Visibility Settings hide from customers: main category names and product tags. */
export interface Hidden {
  categories: string[];
  tags: ProductTag[];
}

const isTag = (value: string): value is ProductTag => (PRODUCT_TAGS as readonly string[]).includes(value);

/** The settings row's hidden lists, read on every call (one indexed row): a change shows at once, on every instance. */
export async function readHidden(db: DbOrTx): Promise<Hidden> {
  const row = await readSettings(db);
  return { categories: row.hiddenCategories, tags: row.hiddenProductTags.filter(isTag) };
}

/** The SQL condition a product must meet to be shown: not in a hidden main category, no hidden tag set. */
export function visibleSql(hidden: Hidden): SQL | undefined {
  return and(
    hidden.categories.length > 0 ? notInArray(products.mainCategory, hidden.categories) : undefined,
    ...hidden.tags.map((tag) => sql`not ${products[tag]}`),
  );
}

/** The same rule on a product already read. */
export function isVisibleProduct(
  product: { mainCategory: string } & Record<ProductTag, boolean>,
  hidden: Hidden,
): boolean {
  return !hidden.categories.includes(product.mainCategory) && !hidden.tags.some((tag) => product[tag]);
}
