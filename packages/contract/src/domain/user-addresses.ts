/** The address fields of an order (spec 2 section 3), as Contact Information shows them. */
export interface AddressFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
}

/** The fields that make two addresses the same one, in the key's order. */
export const ADDRESS_KEY_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'street',
  'city',
  'state',
  'zipcode',
  'country',
] as const satisfies readonly (keyof AddressFields)[];

/**
 * An address's key: its fields trimmed, lower-cased, inner spaces collapsed, joined by '|'. Two
 * orders sent to the same address written with other capitals or spaces share a key; the server
 * groups by the same normalisation (SQL), and the browser keeps removed keys per user.
 */
export function addressKey(address: AddressFields): string {
  return ADDRESS_KEY_FIELDS.map((field) => normaliseAddressPart(address[field])).join('|');
}

/** One field as the key holds it: trimmed, lower-case, runs of white space made one space. */
export function normaliseAddressPart(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** A distinct address with the orders sent there. */
export interface AddressGroup<A extends AddressFields> {
  key: string;
  /** The latest order's spelling of the address. */
  address: A;
  lastUsed: Date;
  orders: number;
}

/**
 * Orders grouped by address: one entry per key, with the latest spelling, the last-used date and
 * the number of orders, newest first (the server answers the same from SQL; this serves tests and
 * lists already in the browser).
 */
export function groupAddresses<A extends AddressFields>(orders: { address: A; date: Date }[]): AddressGroup<A>[] {
  const groups = new Map<string, AddressGroup<A>>();
  for (const { address, date } of orders) {
    const key = addressKey(address);
    const group = groups.get(key);
    if (!group) {
      groups.set(key, { key, address, lastUsed: date, orders: 1 });
      continue;
    }
    group.orders += 1;
    if (date > group.lastUsed) {
      group.lastUsed = date;
      group.address = address;
    }
  }
  return [...groups.values()].sort((a, b) => b.lastUsed.getTime() - a.lastUsed.getTime());
}

/** The addresses still shown: those whose key the admin has not removed from view. */
export function visibleAddresses<T extends { key: string }>(addresses: T[], removedKeys: readonly string[]): T[] {
  if (removedKeys.length === 0) return addresses;
  const removed = new Set(removedKeys);
  return addresses.filter((address) => !removed.has(address.key));
}

/** 'Used in 1 order(s)': the spec's wording, whatever the number. */
export function usedInOrders(count: number): string {
  return `Used in ${count} order(s)`;
}

/** Where the browser keeps the removed addresses (spec 2 section 3, client-only storage). */
export const REMOVED_ADDRESSES_KEY = 'removedAddresses';

/** Removed address keys per user id, as stored: JSON { [userId]: key[] }; anything else reads as none. */
export type RemovedAddresses = Record<string, string[]>;

export function parseRemovedAddresses(text: string | null): RemovedAddresses {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const result: RemovedAddresses = {};
    for (const [userId, keys] of Object.entries(value)) {
      if (Array.isArray(keys)) result[userId] = keys.filter((key): key is string => typeof key === 'string');
    }
    return result;
  } catch {
    return {};
  }
}

/** The map with one more key removed for a user (once). */
export function withRemovedAddress(map: RemovedAddresses, userId: string, key: string): RemovedAddresses {
  const current = map[userId] ?? [];
  return current.includes(key) ? map : { ...map, [userId]: [...current, key] };
}

/** The map with a user's removed addresses restored (their entry gone). */
export function withRestoredAddresses(map: RemovedAddresses, userId: string): RemovedAddresses {
  const { [userId]: _restored, ...rest } = map;
  return rest;
}
