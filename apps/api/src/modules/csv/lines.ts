import {
  booleanCell,
  csvRow,
  dateCell,
  dollarsCell,
  listCell,
  moneyCell,
  ORDER_CSV_COLUMNS,
  ORDER_ITEM_CSV_COLUMNS,
  type Order,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_TAGS,
  type ProductCsvColumn,
  type ProductTag,
  parseItemVariant,
  stockGrid,
  stockLevelText,
  textCell,
  USER_CSV_COLUMNS,
} from '@backroom/contract';
import { toOrder } from '../orders/order-view';
import type { OrderViewRow, StatusChangeRow } from '../orders/repository';
import { toProductBasics } from '../products/product-view';
import type { ProductRow } from '../products/repository';
import { decode, type LastChangeCells, orderExportColumns, productExportColumns, type UserExportRow } from './queries';

/*
 * A database row to its CSV lines. Orders go through the list's own toOrder, so an export's
 * values are the list's: amounts, image URLs, the latest status change.
 */

type DriverRow = Record<string, unknown>;

function orderOf(raw: DriverRow): Order {
  const row = decode<OrderViewRow & LastChangeCells>(orderExportColumns, raw);
  const lastChange: StatusChangeRow | null = row.lcId
    ? {
        id: row.lcId,
        status: row.lcStatus as StatusChangeRow['status'],
        trackingNumber: row.lcTrackingNumber,
        discountCode: row.lcDiscountCode,
        adminName: row.lcAdminName,
        createdAt: row.lcCreatedAt as Date,
      }
    : null;
  return toOrder(row, lastChange);
}

/** One line per order. */
export function orderLines(raw: DriverRow): string[][] {
  const order = orderOf(raw);
  const { address } = order;
  return [
    csvRow(ORDER_CSV_COLUMNS, {
      id: textCell(order._id),
      date: order.date,
      status: textCell(order.status),
      payment: booleanCell(order.payment),
      paymentMethod: textCell(order.paymentMethod),
      amount: dollarsCell(order.amount),
      itemCount: String(order.itemCount),
      userId: textCell(order.userId),
      firstName: textCell(address.firstName),
      lastName: textCell(address.lastName),
      email: textCell(address.email),
      phone: textCell(address.phone),
      street: textCell(address.street),
      city: textCell(address.city),
      state: textCell(address.state),
      zipcode: textCell(address.zipcode),
      country: textCell(address.country),
      trackingNumber: textCell(order.trackingNumber),
      discountCode: textCell(order.discountCode),
      lastStatusAt: dateCell(order.lastStatusChange?.at),
      lastStatusBy: textCell(order.lastStatusChange?.by),
    }),
  ];
}

/** One line per order item; an order without items still has one line, its item cells empty. */
export function orderItemLines(raw: DriverRow): string[][] {
  const order = orderOf(raw);
  const head = {
    orderId: textCell(order._id),
    date: order.date,
    status: textCell(order.status),
    payment: booleanCell(order.payment),
    paymentMethod: textCell(order.paymentMethod),
    amount: dollarsCell(order.amount),
    firstName: textCell(order.address.firstName),
    lastName: textCell(order.address.lastName),
    email: textCell(order.address.email),
  };
  if (order.items.length === 0) return [csvRow(ORDER_ITEM_CSV_COLUMNS, head)];
  return order.items.map((item, index) => {
    const variant = parseItemVariant(item.color);
    const unitCents = Math.round(item.unitPrice * 100);
    return csvRow(ORDER_ITEM_CSV_COLUMNS, {
      ...head,
      line: String(index + 1),
      productId: textCell(item.productId),
      name: textCell(item.name),
      color: textCell(variant.color),
      size: textCell(variant.size),
      quantity: String(item.quantity),
      unitPrice: moneyCell(unitCents),
      lineTotal: moneyCell(unitCents * item.quantity),
    });
  });
}

export type ProductExportRow = Omit<ProductRow, 'hasAccessory' | 'accessories'>;

/** A product's cells by column, as the export writes them (the import compares against these). */
export function productCells(row: ProductExportRow): Record<ProductCsvColumn, string> {
  const basics = toProductBasics(row);
  const tags = Object.fromEntries(PRODUCT_TAGS.map((tag) => [tag, booleanCell(row[tag])])) as Record<
    ProductTag,
    string
  >;
  return {
    id: textCell(row.id),
    name: textCell(row.name),
    description: textCell(row.description),
    price: moneyCell(row.priceCents),
    discount: String(row.discount),
    mainCategory: textCell(row.mainCategory),
    subCategory: textCell(row.subCategory),
    subSubCategory: textCell(row.subSubCategory),
    ...tags,
    colors: listCell(row.colorVariants.map((variant) => variant.color)),
    clothingSizes: listCell(row.clothingSizes),
    canvasSizes: listCell(row.canvasSizes),
    trackStock: booleanCell(row.trackStock),
    lowStockThreshold: row.lowStockThreshold === null ? '' : String(row.lowStockThreshold),
    stockLevels: listCell(
      row.trackStock
        ? stockGrid(
            row.colorVariants.map((v) => v.color),
            [...row.clothingSizes, ...row.canvasSizes],
            [],
            row.stockLevels,
          ).map(stockLevelText)
        : [],
    ),
    images: listCell(basics.image),
    date: dateCell(row.createdAt),
  };
}

export function productLines(raw: DriverRow): string[][] {
  return [csvRow(PRODUCT_CSV_COLUMNS, productCells(decode<ProductExportRow>(productExportColumns, raw)))];
}

export function userLines(row: UserExportRow): string[][] {
  return [
    csvRow(USER_CSV_COLUMNS, {
      id: textCell(row.id),
      name: textCell(row.name),
      email: textCell(row.email),
      role: textCell(row.role),
      active: booleanCell(row.isActive),
      joined: dateCell(row.createdAt),
      // bigint columns come as text from the driver; a user without orders has no figures row.
      orders: String(Number(row.orders ?? 0)),
      delivered: String(Number(row.delivered ?? 0)),
      totalSpent: moneyCell(Number(row.totalCents ?? 0)),
      lastOrderAt: dateCell(row.lastOrderAt),
    }),
  ];
}
