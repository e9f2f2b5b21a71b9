import { describe, expect, it } from 'vitest';
import {
  type AddressFields,
  addressKey,
  groupAddresses,
  parseRemovedAddresses,
  usedInOrders,
  visibleAddresses,
  withRemovedAddress,
  withRestoredAddresses,
} from './user-addresses';

const home: AddressFields = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '555-0100',
  street: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  zipcode: '62701',
  country: 'US',
};

describe('addressKey', () => {
  it('ignores case, outer spaces and runs of spaces', () => {
    const same = { ...home, street: '  1  MAIN street ', city: 'springfield' };
    expect(addressKey(same)).toBe(addressKey(home));
    expect(addressKey(home)).toBe('ada|lovelace|ada@example.com|555-0100|1 main street|springfield|il|62701|us');
  });

  it('tells apart addresses that differ in any field', () => {
    expect(addressKey({ ...home, zipcode: '62702' })).not.toBe(addressKey(home));
    expect(addressKey({ ...home, phone: '555-0101' })).not.toBe(addressKey(home));
  });
});

describe('groupAddresses', () => {
  it('counts orders per address, keeps the latest spelling and date, newest first', () => {
    const work = { ...home, street: '9 Office Road' };
    const groups = groupAddresses([
      { address: home, date: new Date('2026-01-01') },
      { address: work, date: new Date('2026-03-01') },
      { address: { ...home, city: 'SPRINGFIELD' }, date: new Date('2026-02-01') },
    ]);
    expect(groups.map((g) => [g.address.street, g.orders, g.lastUsed.toISOString().slice(0, 10)])).toEqual([
      ['9 Office Road', 1, '2026-03-01'],
      ['1 Main Street', 2, '2026-02-01'],
    ]);
    expect(groups[1]?.address.city).toBe('SPRINGFIELD');
  });

  it('answers nothing for no orders', () => {
    expect(groupAddresses([])).toEqual([]);
  });
});

describe('visibleAddresses', () => {
  it('leaves out removed keys and keeps the order', () => {
    const list = [{ key: 'a' }, { key: 'b' }, { key: 'c' }];
    expect(visibleAddresses(list, ['b', 'x'])).toEqual([{ key: 'a' }, { key: 'c' }]);
    expect(visibleAddresses(list, [])).toBe(list);
  });
});

describe('usedInOrders', () => {
  it('uses the spec wording', () => {
    expect(usedInOrders(1)).toBe('Used in 1 order(s)');
    expect(usedInOrders(12)).toBe('Used in 12 order(s)');
  });
});

describe('removed addresses as stored', () => {
  it('reads JSON per user, and anything else as none', () => {
    expect(parseRemovedAddresses('{"u1":["a","b"],"u2":[1,"c"],"u3":"x"}')).toEqual({ u1: ['a', 'b'], u2: ['c'] });
    expect(parseRemovedAddresses(null)).toEqual({});
    expect(parseRemovedAddresses('not json')).toEqual({});
    expect(parseRemovedAddresses('[1,2]')).toEqual({});
  });

  it('adds a key once per user and restores one user only', () => {
    const once = withRemovedAddress({}, 'u1', 'a');
    expect(withRemovedAddress(once, 'u1', 'a')).toBe(once);
    const both = withRemovedAddress(withRemovedAddress(once, 'u1', 'b'), 'u2', 'a');
    expect(both).toEqual({ u1: ['a', 'b'], u2: ['a'] });
    expect(withRestoredAddresses(both, 'u1')).toEqual({ u2: ['a'] });
  });
});
