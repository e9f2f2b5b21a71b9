import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountKeys, invalidate, queryKeys, resourceKeys } from './query-keys';

describe('resourceKeys', () => {
  const orders = resourceKeys('orders');

  it('gives every resource the same shape: lists, one list, details, one record, a part of one', () => {
    expect(orders.all).toEqual(['orders']);
    expect(orders.lists()).toEqual(['orders', 'list']);
    expect(orders.list({ page: 2 })).toEqual(['orders', 'list', { page: 2 }]);
    expect(orders.list()).toEqual(['orders', 'list', {}]);
    expect(orders.details()).toEqual(['orders', 'detail']);
    expect(orders.detail('o1')).toEqual(['orders', 'detail', 'o1']);
    expect(orders.part('o1', 'history')).toEqual(['orders', 'detail', 'o1', 'history', {}]);
    expect(orders.part('o1', 'items', { q: 'a' })).toEqual(['orders', 'detail', 'o1', 'items', { q: 'a' }]);
  });

  it("scopes a resource under its owner, so the owner's keys reach it and its lists stay apart", () => {
    const bundles = resourceKeys('bundles');
    const picker = resourceKeys('products', bundles);
    expect(picker.all).toEqual(['bundles', 'products']);
    expect(picker.list({ q: 'tea' })).toEqual(['bundles', 'products', 'list', { q: 'tea' }]);
  });

  it('names each resource once', () => {
    const prefixes = Object.values(queryKeys).map((keys) => JSON.stringify(keys.all));
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });
});

/** The keys of the cached queries an invalidation marks stale. */
async function invalidated(keys: readonly (readonly unknown[])[]): Promise<string[]> {
  const client = new QueryClient();
  const cached = [
    queryKeys.orders.list({ page: 1 }),
    queryKeys.orders.part('o1', 'history'),
    queryKeys.products.detail('p1'),
    queryKeys.products.part('p1', 'activity'),
    queryKeys.bundles.list(),
    queryKeys.bundleProducts.list({ q: 'tea' }),
    queryKeys.users.list({ page: 1 }),
    queryKeys.users.part('u1', 'wishlist'),
    queryKeys.admins.list(),
    queryKeys.twoFactor.list(),
    queryKeys.twoFactor.detail('status'),
  ];
  for (const key of cached) client.setQueryData(key, 'data');
  await invalidate(client, keys);
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => JSON.stringify(query.queryKey));
}

describe('invalidate', () => {
  it("reaches by prefix: a resource's all covers its lists, records and their parts; its lists, the lists only", async () => {
    expect(await invalidated([queryKeys.orders.all])).toEqual([
      JSON.stringify(queryKeys.orders.list({ page: 1 })),
      JSON.stringify(queryKeys.orders.part('o1', 'history')),
    ]);
    expect(await invalidated([queryKeys.bundles.lists()])).toEqual([JSON.stringify(queryKeys.bundles.list())]);
    expect(await invalidated([queryKeys.bundles.all])).toHaveLength(2);
    expect(await invalidated([queryKeys.products.detail('p1')])).toHaveLength(2);
  });

  it("an account change reaches the users, the admins and every admin's two-factor state, not one's own", async () => {
    expect(await invalidated(accountKeys)).toEqual(
      [
        queryKeys.users.list({ page: 1 }),
        queryKeys.users.part('u1', 'wishlist'),
        queryKeys.admins.list(),
        queryKeys.twoFactor.list(),
      ].map((key) => JSON.stringify(key)),
    );
  });
});
