import { EVENTS } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { onAdminBroadcasts } from '../../../lib/socket';

/**
 * Refreshes the codes shown when an admin (this one or another) created, changed or deleted a
 * code, a customer used one, or an account changed (an assignee's name, a deleted assignee); and
 * once the admins' room is joined, when events may have been missed (decision 006).
 */
export function useDiscountEvents(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAdminBroadcasts([EVENTS.discountsUpdated, EVENTS.usersUpdated], () => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.discounts.all });
      }),
    [queryClient],
  );
}
