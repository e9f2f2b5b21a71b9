import { type SidebarPath, STORAGE_KEYS } from '@backroom/contract';
import { useState } from 'react';
import { storage } from '../../../lib/storage';
import { moveSidebarEntry, resolveSidebarOrder } from '../sidebar-order';

/** The sidebar's order, read from and saved to browser storage (spec 1 section 2.2). */
export function useSidebarOrder() {
  const [order, setOrder] = useState<SidebarPath[]>(() => resolveSidebarOrder(storage.get(STORAGE_KEYS.sidebarOrder)));

  const move = (index: number, step: -1 | 1) => {
    const next = moveSidebarEntry(order, index, step);
    storage.set(STORAGE_KEYS.sidebarOrder, JSON.stringify(next));
    setOrder(next);
  };

  return { order, move };
}
