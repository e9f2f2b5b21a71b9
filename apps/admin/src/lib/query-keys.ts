import type { QueryClient, QueryKey } from '@tanstack/react-query';

/*
 * Every query key of the admin, from one factory (docs/decisions/050-query-keys.md): one shape for
 * every resource, so an invalidation names what it refreshes and cannot miss a key spelt another way.
 *
 *   [resource]                                   all        everything cached about the resource
 *   [resource, 'list']                           lists()    every list of it, whatever its filters
 *   [resource, 'list', params]                   list(p)    one list: filters, search, page ({} when none)
 *   [resource, 'detail']                         details()  every record of it
 *   [resource, 'detail', id]                     detail(id) one record, or a named one ('summary')
 *   [resource, 'detail', id, part, params]       part(...)  what belongs to one record: a user's
 *                                                           orders, an order's history, its activity
 *
 * A resource kept for one screen of another (a picker's search) is scoped under that screen's
 * resource: its keys start with the owner's, so the owner's `all` reaches them too.
 */

export interface ResourceKeys<Prefix extends readonly string[]> {
  readonly all: Prefix;
  lists(): readonly [...Prefix, 'list'];
  list(params?: object): readonly [...Prefix, 'list', object];
  details(): readonly [...Prefix, 'detail'];
  detail(id: string): readonly [...Prefix, 'detail', string];
  part(id: string, part: string, params?: object): readonly [...Prefix, 'detail', string, string, object];
}

function keysOf<const Prefix extends readonly string[]>(all: Prefix): ResourceKeys<Prefix> {
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (params = {}) => [...all, 'list', params] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id) => [...all, 'detail', id] as const,
    part: (id, part, params = {}) => [...all, 'detail', id, part, params] as const,
  };
}

/** The keys of one resource; with an owner, scoped under the owner's keys. */
export function resourceKeys<const Name extends string>(name: Name): ResourceKeys<readonly [Name]>;
export function resourceKeys<const Owner extends readonly string[], const Name extends string>(
  name: Name,
  owner: ResourceKeys<Owner>,
): ResourceKeys<readonly [...Owner, Name]>;
export function resourceKeys(name: string, owner?: ResourceKeys<readonly string[]>): ResourceKeys<readonly string[]> {
  return keysOf(owner ? [...owner.all, name] : [name]);
}

const bundles = resourceKeys('bundles');
const campaigns = resourceKeys('campaigns');
const discounts = resourceKeys('discounts');

/** One entry per resource the admin caches; the name is the first element of each of its keys. */
export const queryKeys = {
  /** list(filters): the Activity screen. A record's own entries are that record's part 'activity'. */
  activity: resourceKeys('activity'),
  /** list(): Admin Management's accounts. */
  admins: resourceKeys('admins'),
  /** detail('user-info'): who is signed in. */
  auth: resourceKeys('auth'),
  /** detail(jobId): a bulk action's or an import's job. */
  bulkJobs: resourceKeys('bulk-jobs'),
  /** list(). */
  bundles,
  /** list({ q }): the bundle form's product picker. */
  bundleProducts: resourceKeys('products', bundles),
  /** list(query), detail(id). */
  campaigns,
  /** list(query): the campaign form's customer picker. */
  campaignRecipients: resourceKeys('recipients', campaigns),
  /** list(): the category tree. */
  categories: resourceKeys('categories'),
  /** list({ q }); detail('unread-count'); part(id, 'messages'): a conversation's thread. */
  conversations: resourceKeys('conversations'),
  /** detail('summary'): the Dashboard Overview's figures. */
  dashboard: resourceKeys('dashboard'),
  /** list({ status, page }). */
  discounts,
  /** list({ q }): the discount form's Assigned To picker. */
  discountCustomers: resourceKeys('customers', discounts),
  /** list({ pageSize }): the bell's pages; detail('kinds'): the kinds the admin receives. */
  notifications: resourceKeys('notifications'),
  /** list(): the option sets. */
  optionSets: resourceKeys('option-sets'),
  /** list(request); part(id, 'history'), part(id, 'activity'). */
  orders: resourceKeys('orders'),
  /** list(params), detail(id); part(id, 'activity'). */
  products: resourceKeys('products'),
  /** list({ q }): the search palette. */
  search: resourceKeys('search'),
  /** detail('visibility'). */
  settings: resourceKeys('settings'),
  /** detail('status'): the signed-in admin's own; detail('requirement'); list(): every admin's. */
  twoFactor: resourceKeys('two-factor'),
  /** list(query), detail('stats'); detail(id): a user's summary, part(id, 'orders' | 'addresses' | 'wishlist'). */
  users: resourceKeys('users'),
} as const;

/**
 * What an account change shows on: the Users screen, Admin Management's list and its two-factor
 * table (an admin created, edited, promoted, demoted or deleted, from either screen).
 */
export const accountKeys = [queryKeys.users.all, queryKeys.admins.all, queryKeys.twoFactor.lists()] as const;

/** Marks everything under each key stale, refetching what is on screen; settles when all have. */
export function invalidate(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<unknown> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
