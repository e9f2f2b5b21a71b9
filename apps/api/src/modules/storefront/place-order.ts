import {
  apportionCents,
  BUNDLE_PURCHASE_MESSAGES,
  type CustomerOrder,
  EVENTS,
  itemVariantText,
  newObjectId,
  newOrderStatus,
  type OrdersUpdatedEvent,
  orderAmountCents,
  type PlaceOrderInput,
  STOREFRONT_MESSAGES,
} from '@backroom/contract';
import type { Db, DbOrTx } from '../../db/client';
import type { StoredOrderItem } from '../../db/schema';
import { type StockShortfall, shortfallMessage, stockShortfall } from '../../db/stock-shortfall';
import { HttpError } from '../../http-error';
import type { Realtime } from '../../plugins/infrastructure/realtime';
import { recordBundlePurchase } from '../bundles/purchase';
import { notifyBundles } from '../bundles/service';
import { redeemDiscount } from '../discounts/redemption';
import { notify as notifyDiscounts } from '../discounts/service';
import type { StorefrontClock } from './catalogue';
import {
  type BundleSaleRow,
  type CustomerProductRow,
  findBundleWithProducts,
  findCustomerOrder,
  fullestStockCells,
  insertOrder,
  insertPlacedChange,
  lockProducts,
} from './repository';
import { bundleLinesProblem, chooseVariant, productProblem } from './rules';
import { finalPriceCents, toCustomerOrder } from './views';
import { type Hidden, readHidden } from './visibility';

export interface PlaceOrderDeps extends StorefrontClock {
  db: Db;
  realtime: Pick<Realtime, 'toAdmins'>;
}

/** Only the clock, for the callees that date things (they never see the realtime or the pool). */
const clockOf = ({ timeZone, now }: StorefrontClock): StorefrontClock => ({ timeZone, ...(now && { now }) });

/** A stored line; bundle lines also carry the bundle's id (extra JSONB keys are read by nobody else). */
type OrderLine = StoredOrderItem & { bundleId?: string };

const lineOf = (product: CustomerProductRow, quantity: number, unitPriceCents: number, color: string | null) => ({
  productId: product.id,
  name: product.name,
  image: product.images[0] ?? null,
  quantity,
  unitPriceCents,
  color,
});

/** The body's lines priced from the database (the product's price less its own discount), each checked. */
function itemLines(input: PlaceOrderInput, byId: Map<string, CustomerProductRow>, hidden: Hidden): OrderLine[] {
  return input.items.map((line, i) => {
    const product = byId.get(line.productId);
    const problem = productProblem(product, hidden);
    if (problem || !product) {
      const field = problem?.status === 404 ? `items.${i}.productId` : `items.${i}`;
      throw new HttpError(problem?.status ?? 404, `${field}: ${problem?.problem}`);
    }
    const variant = chooseVariant(product, line);
    if (!variant.ok) throw new HttpError(variant.status, `items.${i}.${variant.field}: ${variant.problem}`);
    const sizes = [...product.clothingSizes, ...product.canvasSizes];
    if (product.trackStock && sizes.length > 0 && variant.size === undefined) {
      // Counted per size: a line without one could not be taken from the shelf.
      throw new HttpError(400, `items.${i}.size: "${product.name}" comes in sizes: choose one of ${sizes.join(', ')}`);
    }
    return lineOf(product, line.quantity, finalPriceCents(product), itemVariantText(variant.color, variant.size));
  });
}

/**
 * The bundle's products, one of each, at the bundle's price: the price is split over them in
 * proportion to what each costs alone (largest remainder, so the lines add up to the bundle price
 * to the cent). Every product must still be there, visible and in stock. A product that tracks
 * stock gives its unit from the cell with the most left, named on the line as a chosen variant
 * is, so the order says which colour and size go out (decision 055).
 */
function bundleLines(
  bundle: BundleSaleRow,
  byId: Map<string, CustomerProductRow>,
  hidden: Hidden,
  cells: Map<string, { color: string; size: string }>,
): OrderLine[] {
  const products = bundle.products.map((p) => (p ? byId.get(p.id) : undefined));
  if (products.some((p) => p === undefined)) {
    throw new HttpError(409, `bundleId: ${BUNDLE_PURCHASE_MESSAGES.productRemoved}`);
  }
  const lines = products as CustomerProductRow[];
  const problem = bundleLinesProblem(lines, hidden);
  if (problem) {
    const what = problem.status === 404 ? BUNDLE_PURCHASE_MESSAGES.productRemoved : problem.problem;
    throw new HttpError(409, `bundleId: ${what}`);
  }
  const prices = apportionCents(bundle.priceCents, lines.map(finalPriceCents));
  return lines.map((product, i) => {
    const cell = cells.get(product.id);
    const variant = cell ? itemVariantText(cell.color || undefined, cell.size || undefined) : null;
    return { ...lineOf(product, 1, prices[i] ?? 0, variant), bundleId: bundle.id };
  });
}

/** The refusal naming the line (or the bundle) the shop has too few units for, and what is left. */
function shortfallError(short: StockShortfall, items: OrderLine[]): HttpError {
  const problem = shortfallMessage(short);
  const index = items.findIndex((line) => {
    if (line.productId !== short.productId) return false;
    const [color = '', size = ''] = (line.color ?? '').split('|').map((part) => (part === 'null' ? '' : part));
    return color === short.color && size === short.size;
  });
  const line = items[index];
  const field = line?.bundleId ? 'bundleId' : index >= 0 ? `items.${index}` : 'items';
  return new HttpError(409, `${field}: ${problem}`);
}

async function countBundle(tx: DbOrTx, deps: StorefrontClock, bundleId: string) {
  const purchase = await recordBundlePurchase(tx, deps, bundleId);
  if (!purchase.ok) throw new HttpError(purchase.reason === 'unknown' ? 404 : 409, `bundleId: ${purchase.message}`);
}

async function redeem(
  tx: DbOrTx,
  clock: StorefrontClock,
  input: { code: string; customerId: string; orderId: string },
) {
  const result = await redeemDiscount(tx, clock, input);
  if (!result.ok) throw new HttpError(result.reason === 'unknown' ? 404 : 409, `discountCode: ${result.message}`);
  return result.redemption;
}

/**
 * POST /api/customer/orders, in ONE transaction (docs/decisions/031-storefront-orders.md): the
 * products are read and locked (FOR KEY SHARE) and priced from the database; the units are taken
 * by the order's insert (docs/decisions/055-stock.md); the bundle's purchase is
 * counted and the code redeemed by their own single statements (never past their limits); then the
 * order and its first history line are written, the triggers keeping the rollups and the
 * customer's figures. Any refusal rolls everything back: no order, no count, no use of the code.
 * After the commit every admin's Dashboard, Orders, Users, Discounts and Bundle Sales hear of it.
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  customerId: string,
  input: PlaceOrderInput,
): Promise<CustomerOrder> {
  if (input.items.length === 0 && !input.bundleId) throw new HttpError(400, STOREFRONT_MESSAGES.emptyOrder);
  const orderId = newObjectId();
  const status = newOrderStatus(input.paymentMethod);
  const placed = await deps.db.transaction(async (tx) => {
    const hidden = await readHidden(tx);
    const bundle = input.bundleId ? await findBundleWithProducts(tx, input.bundleId) : undefined;
    if (input.bundleId && !bundle) throw new HttpError(404, `bundleId: ${BUNDLE_PURCHASE_MESSAGES.unknown}`);
    const ids = new Set(input.items.map((line) => line.productId));
    for (const p of bundle?.products ?? []) if (p) ids.add(p.id);
    const byId = new Map((await lockProducts(tx, [...ids])).map((p) => [p.id, p]));

    const items = itemLines(input, byId, hidden);
    if (bundle) {
      await countBundle(tx, clockOf(deps), bundle.id);
      const tracked = bundle.products.flatMap((p) => (p && byId.get(p.id)?.trackStock ? [p.id] : []));
      items.push(...bundleLines(bundle, byId, hidden, await fullestStockCells(tx, tracked)));
    }
    const itemsTotal = items.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    const redemption = input.discountCode
      ? await redeem(tx, clockOf(deps), { code: input.discountCode, customerId, orderId })
      : undefined;

    // The order's insert takes its units (the orders_stock_insert trigger): one conditional update
    // per variant that never goes below zero; a shortfall refuses the whole order.
    try {
      await insertOrder(tx, {
        id: orderId,
        userId: customerId,
        items,
        amountCents: orderAmountCents(itemsTotal, redemption?.percentage ?? null),
        status,
        paymentMethod: input.paymentMethod,
        address: input.address,
      });
    } catch (error) {
      const short = stockShortfall(error);
      throw short ? shortfallError(short, items) : error;
    }
    await insertPlacedChange(tx, { id: newObjectId(), orderId, status, discountCode: redemption?.code ?? null });
    return { bundleId: bundle?.id, code: redemption?.code };
  });

  deps.realtime.toAdmins(EVENTS.ordersUpdated, { action: 'placed', id: orderId } satisfies OrdersUpdatedEvent);
  if (placed.code) notifyDiscounts(deps, { action: 'redeemed', code: placed.code });
  if (placed.bundleId) notifyBundles(deps, { action: 'purchased', id: placed.bundleId });
  // Units taken reach an open Product List through the stock triggers' NOTIFY (decision 055).

  const row = await findCustomerOrder(deps.db, orderId);
  if (!row) throw new HttpError(404, 'Order not found');
  return toCustomerOrder(row);
}
