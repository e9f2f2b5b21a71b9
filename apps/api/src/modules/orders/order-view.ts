import {
  type AddressFields,
  type Order,
  type OrderItem,
  type OrderStatusChange,
  priceFromCents,
} from '@backroom/contract';
import { imageUrl, isImageName } from '../../storage/names';
import type { OrderViewRow, StatusChangeRow } from './repository';

/**
 * An item's image as the admin loads it. The storefront stores a URL, or a base name in the image
 * storage (made a URL here); the spec's orders may hold a list, of which the first counts.
 */
export function itemImageUrl(stored: unknown): string | null {
  const first = Array.isArray(stored) ? stored[0] : stored;
  if (typeof first !== 'string') return null;
  const value = first.trim();
  if (value === '') return null;
  return isImageName(value) ? imageUrl(value) : value;
}

const whole = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** An item as stored (JSONB the storefront wrote: read defensively) as the API answers it. */
function toItem(stored: Record<string, unknown>): OrderItem {
  return {
    productId: textOrNull(stored.productId),
    name: typeof stored.name === 'string' ? stored.name : '',
    image: itemImageUrl(stored.image),
    quantity: Math.trunc(whole(stored.quantity)),
    unitPrice: priceFromCents(whole(stored.unitPriceCents)),
    color: textOrNull(stored.color),
  };
}

/** An order's address as answered, the admin's and its customer's alike: these fields of the row, nothing else. */
export function toAddress(row: AddressFields): AddressFields {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    street: row.street,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
    country: row.country,
  };
}

export function toStatusChange(row: StatusChangeRow): OrderStatusChange {
  return {
    id: row.id,
    status: row.status,
    at: row.createdAt.toISOString(),
    by: row.adminName,
    trackingNumber: row.trackingNumber,
    discountCode: row.discountCode,
  };
}

/** An order row and its latest status change as the API answers it: dollars, URLs, the spec's names. */
export function toOrder(row: OrderViewRow, lastChange: StatusChangeRow | null): Order {
  const items = Array.isArray(row.items) ? row.items : [];
  return {
    _id: row.id,
    userId: row.userId,
    items: items.map((item) => toItem(item as unknown as Record<string, unknown>)),
    address: toAddress(row),
    amount: priceFromCents(row.totalCents),
    itemCount: row.itemCount,
    status: row.status,
    payment: row.payment,
    paymentMethod: row.paymentMethod,
    date: row.createdAt.toISOString(),
    trackingNumber: row.trackingNumber,
    discountCode: row.discountCode,
    lastStatusChange: lastChange ? toStatusChange(lastChange) : null,
  };
}
