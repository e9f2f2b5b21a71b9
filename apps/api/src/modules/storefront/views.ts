import {
  type CustomerBundle,
  type CustomerOrder,
  type CustomerProduct,
  type CustomerWishlistEntry,
  discountedPriceCents,
  ORDER_STATUSES,
  type OrderStatus,
  PRODUCT_TAGS,
  priceFromCents,
} from '@backroom/contract';
import { imageUrl, thumbName } from '../../storage/names';
import { itemImageUrl, toAddress } from '../orders/order-view';
import { toProductBasics } from '../products/product-view';
import { toWishlistEntry } from '../wishlists/service';
import type { BundleSaleRow, CustomerOrderRow, CustomerProductRow } from './repository';

/** What one piece costs, in cents: the product's discount applied. */
export const finalPriceCents = (row: Pick<CustomerProductRow, 'priceCents' | 'discount'>) =>
  discountedPriceCents(row.priceCents, row.discount);

/** A product as a customer sees it: dollars, image URLs, the tags that are set, colours without stock counts. */
export function toCustomerProduct(row: CustomerProductRow): CustomerProduct {
  return {
    ...toProductBasics(row),
    finalPrice: priceFromCents(finalPriceCents(row)),
    tags: PRODUCT_TAGS.filter((tag) => row[tag]),
    outOfStock: row.outOfStock,
    colors: row.colorVariants.map((v) => ({
      color: v.color,
      image: v.image === null ? null : imageUrl(v.image),
      outOfStock: v.outOfStock,
    })),
    sizes: [...new Set([...row.clothingSizes, ...row.canvasSizes])],
    date: row.createdAt.toISOString(),
    trackStock: row.trackStock,
    stock: row.stock === null ? null : Number(row.stock),
    lowStock: row.lowStock,
  };
}

/** The admin's wishlist entry, with the price after the discount and the stock flag. */
export function toCustomerWishlistEntry(row: CustomerProductRow): CustomerWishlistEntry {
  return {
    ...toWishlistEntry(row),
    finalPrice: priceFromCents(finalPriceCents(row)),
    outOfStock: row.outOfStock,
  };
}

/** A bundle on sale whose products are all present (the caller checked). */
export function toCustomerBundle(row: BundleSaleRow, lines: CustomerProductRow[]): CustomerBundle {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    price: priceFromCents(row.priceCents),
    productsPrice: priceFromCents(lines.reduce((sum, p) => sum + finalPriceCents(p), 0)),
    startDate: row.startDate,
    endDate: row.endDate,
    images: row.images.map(imageUrl),
    thumbnails: row.images.map((name) => imageUrl(thumbName(name))),
    products: lines.map((p) => ({
      _id: p.id,
      name: p.name,
      finalPrice: priceFromCents(finalPriceCents(p)),
      image: p.images[0] === undefined ? null : imageUrl(p.images[0]),
    })),
  };
}

const isStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

/** An order as its customer sees it: dollars, image URLs, the code it used. */
export function toCustomerOrder(row: CustomerOrderRow): CustomerOrder {
  return {
    _id: row.id,
    items: row.items.map((item) => ({
      productId: item.productId,
      name: item.name,
      image: itemImageUrl(item.image),
      quantity: item.quantity,
      unitPrice: priceFromCents(item.unitPriceCents),
      color: item.color,
    })),
    address: toAddress(row),
    amount: priceFromCents(row.totalCents),
    itemsTotal: priceFromCents(row.itemsTotalCents),
    itemCount: row.itemCount,
    // The check constraint keeps status to these; 'Order Placed' only should a row ever hold another.
    status: isStatus(row.status) ? row.status : 'Order Placed',
    payment: row.payment,
    paymentMethod: row.paymentMethod,
    date: row.createdAt.toISOString(),
    trackingNumber: row.trackingNumber,
    discountCode: row.discountCode,
    redeemedDiscount:
      row.redeemedCode !== null && row.redeemedPercentage !== null
        ? { code: row.redeemedCode, percentage: row.redeemedPercentage }
        : null,
  };
}
