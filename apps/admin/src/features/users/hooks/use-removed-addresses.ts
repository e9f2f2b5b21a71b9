import {
  parseRemovedAddresses,
  REMOVED_ADDRESSES_KEY,
  withRemovedAddress,
  withRestoredAddresses,
} from '@backroom/contract';
import { useCallback, useState } from 'react';
import { storage } from '../../../lib/storage';

/**
 * The addresses an admin removed from a user's Contact Information: hidden in this browser only,
 * kept in localStorage per user (spec 2 section 3, removedAddresses), until Restore.
 */
export function useRemovedAddresses(userId: string) {
  const [removed, setRemoved] = useState<string[]>(
    () => parseRemovedAddresses(storage.get(REMOVED_ADDRESSES_KEY))[userId] ?? [],
  );

  const remove = useCallback(
    (key: string) => {
      const next = withRemovedAddress(parseRemovedAddresses(storage.get(REMOVED_ADDRESSES_KEY)), userId, key);
      storage.set(REMOVED_ADDRESSES_KEY, JSON.stringify(next));
      setRemoved(next[userId] ?? []);
    },
    [userId],
  );

  const restore = useCallback(() => {
    const next = withRestoredAddresses(parseRemovedAddresses(storage.get(REMOVED_ADDRESSES_KEY)), userId);
    storage.set(REMOVED_ADDRESSES_KEY, JSON.stringify(next));
    setRemoved([]);
  }, [userId]);

  return { removed, remove, restore };
}
