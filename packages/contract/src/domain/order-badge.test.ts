import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../constants';
import { orderBadgeColor } from './order-badge';

describe('orderBadgeColor', () => {
  it('is green for Delivered and red for Cancelled', () => {
    expect(orderBadgeColor('Delivered')).toBe('green');
    expect(orderBadgeColor('Cancelled')).toBe('red');
  });

  it('is yellow for every other status, and for an unknown one', () => {
    const others = ORDER_STATUSES.filter((status) => status !== 'Delivered' && status !== 'Cancelled');
    expect(others).toHaveLength(10);
    for (const status of others) expect(orderBadgeColor(status)).toBe('yellow');
    expect(orderBadgeColor('delivered')).toBe('yellow');
    expect(orderBadgeColor('')).toBe('yellow');
  });
});
