import {
  type Discount,
  type OrderHit,
  type ProductHit,
  type SearchResponse,
  SIDEBAR_ENTRIES,
  type User,
} from '@backroom/contract';
import type { OpenRequest } from '../../lib/open-request';
import { formatJoined } from '../../lib/user-joined';

/** The palette's groups, in the order they are shown. */
export const PALETTE_GROUPS = ['Screens', 'Orders', 'Products', 'Customers', 'Discount codes'] as const;
export type PaletteGroup = (typeof PALETTE_GROUPS)[number];

/** One choice in the palette: where it goes, and what the screen there opens (history state). */
export interface PaletteItem {
  /** Unique in the palette, and a valid element id. */
  id: string;
  group: PaletteGroup;
  label: string;
  description?: string;
  to: string;
  open?: OpenRequest;
}

/** Words a screen is also found by, beside its name. */
const SCREEN_KEYWORDS: Partial<Record<string, string>> = {
  '/': 'home overview',
  '/add': 'new product create',
  '/list': 'product list catalogue',
  '/bundle-sale': 'bundles',
  '/messages': 'conversations chat',
};

/** Every screen: the sidebar's ten, and those reached from the account menu and the notifications. */
export const PALETTE_SCREENS: readonly { path: string; label: string; keywords?: string }[] = [
  ...SIDEBAR_ENTRIES.map((entry) => ({ ...entry, keywords: SCREEN_KEYWORDS[entry.path] ?? '' })),
  { path: '/activity', label: 'Activity', keywords: 'log history changes' },
  { path: '/sent-emails', label: 'Sent e-mails', keywords: 'campaigns newsletter' },
];

/** The screens whose name (or a keyword) contains the query, all of them for an empty one. */
export function screenItems(query: string): PaletteItem[] {
  const needle = query.trim().toLowerCase();
  return PALETTE_SCREENS.filter(
    (screen) => needle === '' || `${screen.label} ${screen.keywords ?? ''}`.toLowerCase().includes(needle),
  ).map((screen) => ({
    id: `palette-screen${screen.path.replaceAll('/', '-')}`,
    group: 'Screens',
    label: screen.label,
    to: screen.path,
  }));
}

const orderItem = (order: OrderHit): PaletteItem => ({
  id: `palette-order-${order._id}`,
  group: 'Orders',
  label: `Order ${order._id}`,
  description: [order.status, order.name, new Date(order.date).toLocaleDateString()].filter(Boolean).join(' · '),
  // The Orders screen searched for this id (its default search field), the order opened.
  to: `/orders?${new URLSearchParams({ search: order._id })}`,
  open: { kind: 'order', record: order._id },
});

const productItem = (product: ProductHit): PaletteItem => ({
  id: `palette-product-${product._id}`,
  group: 'Products',
  label: product.name,
  ...(product.category && { description: product.category }),
  // The Modify Product modal over the Product List (spec 1 section 2.5).
  to: `/list?${new URLSearchParams({ edit: product._id })}`,
});

const customerItem = (user: User): PaletteItem => ({
  id: `palette-user-${user._id}`,
  group: 'Customers',
  label: user.name,
  description: `${user.email}${user.role === 'admin' ? ' · Admin' : ''} · joined ${formatJoined(user._id)}`,
  // The Users screen searched for the e-mail, the user's details opened.
  to: `/users?${new URLSearchParams({ q: user.email })}`,
  open: { kind: 'user', record: user },
});

const discountItem = (discount: Discount): PaletteItem => ({
  id: `palette-discount-${discount._id}`,
  group: 'Discount codes',
  label: discount.code,
  description: `${discount.percentage}% off${discount.description ? ` · ${discount.description}` : ''}`,
  to: '/discounts',
  open: { kind: 'discount', record: discount },
});

/** Everything the palette offers for a query and the server's answer, in display order. */
export function paletteItems(query: string, found: SearchResponse | undefined): PaletteItem[] {
  return [
    ...screenItems(query),
    ...(found?.orders.map(orderItem) ?? []),
    ...(found?.products.map(productItem) ?? []),
    ...(found?.customers.map(customerItem) ?? []),
    ...(found?.discounts.map(discountItem) ?? []),
  ];
}
