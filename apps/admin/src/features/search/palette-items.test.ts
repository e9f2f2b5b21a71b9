import type { Discount, SearchResponse } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { readOpenRequest } from '../../lib/open-request';
import { PALETTE_GROUPS, PALETTE_SCREENS, paletteItems, screenItems } from './palette-items';

const discount: Discount = {
  _id: '6a1f00000000000000000d01',
  code: 'SUMMER10',
  description: 'Summer sale',
  percentage: 10,
  startDate: '2026-06-01',
  endDate: '2026-08-31',
  maxUsage: null,
  usageCount: 0,
  assignedTo: null,
  isActive: true,
  status: 'active',
  createdAt: '2026-05-01T00:00:00.000Z',
};
const user = {
  _id: '6a1f00000000000000000u01',
  name: 'Ada Lovelace',
  email: 'ada@x.example',
  role: 'user' as const,
  isActive: true,
};
const found: SearchResponse = {
  success: true,
  q: 'ada',
  orders: [
    {
      _id: 'ada000000000000000000001',
      status: 'Shipped',
      name: 'Ann Buyer',
      email: 'a@b.example',
      date: '2026-11-01T10:00:00.000Z',
    },
  ],
  products: [{ _id: '6a1f00000000000000000p01', name: 'Adapter', category: 'Tools' }],
  customers: [user],
  discounts: [discount],
};

describe('screenItems', () => {
  it("offers every screen for an empty query: the sidebar's ten, Activity and Sent e-mails", () => {
    const items = screenItems('');
    expect(items).toHaveLength(PALETTE_SCREENS.length);
    expect(items.map((i) => i.label)).toEqual(
      expect.arrayContaining(['Dashboard', 'Messages', 'Activity', 'Sent e-mails']),
    );
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it('keeps the screens whose name or a keyword contains the query, whatever the case', () => {
    expect(screenItems('ORDER').map((i) => i.to)).toEqual(['/orders']);
    expect(screenItems('catalogue').map((i) => i.to)).toEqual(['/list']);
    expect(screenItems('zzz')).toEqual([]);
  });
});

describe('paletteItems', () => {
  it('lists screens, then orders, products, customers and codes, each going where it opens', () => {
    const items = paletteItems('management', found);
    expect(items.map((i) => i.group)).toEqual(['Screens', 'Orders', 'Products', 'Customers', 'Discount codes']);
    expect(items.map((i) => i.group)).toEqual([...PALETTE_GROUPS]);
    const [screen, order, product, customer, code] = items;
    expect(screen?.to).toBe('/admin-management');
    expect(order).toMatchObject({
      to: '/orders?search=ada000000000000000000001',
      open: { kind: 'order', record: 'ada000000000000000000001' },
    });
    expect(product).toMatchObject({
      label: 'Adapter',
      description: 'Tools',
      to: '/list?edit=6a1f00000000000000000p01',
    });
    expect(product?.open).toBeUndefined();
    expect(customer).toMatchObject({
      label: 'Ada Lovelace',
      to: '/users?q=ada%40x.example',
      open: { kind: 'user', record: user },
    });
    expect(code).toMatchObject({ label: 'SUMMER10', description: '10% off · Summer sale', to: '/discounts' });
  });

  it('offers only screens before the server has answered', () => {
    expect(paletteItems('users', undefined).map((i) => i.to)).toEqual(['/users']);
  });
});

describe('readOpenRequest', () => {
  it('reads the record a history state asks a screen to open, of that kind only', () => {
    expect(readOpenRequest({ open: { kind: 'order', record: 'abc' } }, 'order')).toBe('abc');
    expect(readOpenRequest({ open: { kind: 'user', record: user } }, 'user')).toEqual(user);
    expect(readOpenRequest({ open: { kind: 'discount', record: discount } }, 'discount')).toEqual(discount);
    expect(readOpenRequest({ open: { kind: 'order', record: 'abc' } }, 'user')).toBeNull();
  });

  it('ignores a state of another shape (an older release, another screen)', () => {
    expect(readOpenRequest(null, 'order')).toBeNull();
    expect(readOpenRequest({ other: true }, 'order')).toBeNull();
    expect(readOpenRequest({ open: { kind: 'user', record: { name: 'no id' } } }, 'user')).toBeNull();
    expect(readOpenRequest({ open: { kind: 'order', record: '' } }, 'order')).toBeNull();
  });
});
