import { EVENTS } from '@backroom/contract';
import { Box } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onAdminBroadcasts } from '../../../lib/socket';
import { type RecordKind, recordActivityKey, useRecordActivity } from '../api';
import { ActivityEntries } from './activity-entries';

/** The records that show their own entries, and the broadcast that says one of them changed. */
const CHANGED_EVENT = { order: EVENTS.ordersUpdated, product: EVENTS.productsUpdated } as const satisfies Record<
  RecordKind,
  string
>;

/**
 * One record's entries, newest first, for an order's details and the Modify Product modal: a
 * scrolling list with 'Load more'. Reloaded when any admin changes a record of that kind (the
 * details stay open while the order's status changes).
 */
export function RecordActivity({ kind, id }: { kind: RecordKind; id: string }) {
  const query = useRecordActivity(kind, id);
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAdminBroadcasts([CHANGED_EVENT[kind]], () => {
        void queryClient.invalidateQueries({ queryKey: recordActivityKey(kind, id) });
      }),
    [queryClient, kind, id],
  );
  return (
    // A long log scrolls inside the panel; focusable, so the keyboard scrolls it too.
    <Box role="group" aria-label={`Activity of this ${kind}`} tabIndex={0} mah={360} style={{ overflowY: 'auto' }}>
      <ActivityEntries query={query} label={`Entries of this ${kind}`} compact />
    </Box>
  );
}
