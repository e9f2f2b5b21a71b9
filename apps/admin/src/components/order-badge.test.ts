import { ORDER_STATUSES } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { ORDER_BADGE_TONES, orderBadgeColor, orderBadgeTone } from './order-badge';

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

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('orderBadgeTone', () => {
  it('gives each status one tone, the same for every screen: Cancelled red, Delivered green', () => {
    expect(orderBadgeTone('Cancelled')).toBe(ORDER_BADGE_TONES.red);
    expect(orderBadgeTone('Delivered')).toBe(ORDER_BADGE_TONES.green);
    for (const status of ORDER_STATUSES)
      expect(orderBadgeTone(status)).toBe(ORDER_BADGE_TONES[orderBadgeColor(status)]);
  });

  it('keeps three distinct tones whose text is readable on its background (WCAG AA, 4.5:1 or more)', () => {
    const tones = Object.values(ORDER_BADGE_TONES);
    expect(new Set(tones.map((t) => t.background)).size).toBe(3);
    for (const tone of tones) expect(contrast(tone.background, tone.text)).toBeGreaterThanOrEqual(4.5);
  });
});
