import { DEFAULT_SIDEBAR_ORDER, type SidebarPath } from '@backroom/contract';

/**
 * The sidebar order from the stored value (spec 1 section 2.2): an invalid value falls back to
 * the default order; unknown and repeated paths are dropped; entries missing from the stored
 * list are appended at the end in their default order.
 */
export function resolveSidebarOrder(stored: string | null | undefined): SidebarPath[] {
  if (stored == null) return [...DEFAULT_SIDEBAR_ORDER];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [...DEFAULT_SIDEBAR_ORDER];
  }
  if (!Array.isArray(parsed) || !parsed.every((p) => typeof p === 'string')) {
    return [...DEFAULT_SIDEBAR_ORDER];
  }
  const known = new Set<string>(DEFAULT_SIDEBAR_ORDER);
  const order: SidebarPath[] = [];
  for (const path of parsed as string[]) {
    if (known.has(path) && !order.includes(path as SidebarPath)) order.push(path as SidebarPath);
  }
  for (const path of DEFAULT_SIDEBAR_ORDER) if (!order.includes(path)) order.push(path);
  return order;
}

/** Moves the entry at index one step up (-1) or down (+1); out-of-range moves change nothing. */
export function moveSidebarEntry<T>(order: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= order.length || target < 0 || target >= order.length) return [...order];
  const next = [...order];
  const moved = next[index] as T;
  next[index] = next[target] as T;
  next[target] = moved;
  return next;
}
