/**
 * The order details' Status History (docs/decisions/019-order-history.md): the texts it shows
 * and how much of a long history is on screen.
 */
export const ORDER_HISTORY_TEXTS = {
  title: 'Status History',
  empty: 'No status changes yet.',
  loading: 'Loading status history',
  loadFailed: 'Failed to load the status history',
  loadMore: 'Load more',
} as const;

const changes = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'change' : 'changes'}`;

/** How much of the history is shown: '403 changes' once all are, else 'Showing 100 of 403 changes'. */
export function historyShownLabel(shown: number, total: number): string {
  return shown >= total ? changes(total) : `Showing ${shown.toLocaleString('en-US')} of ${changes(total)}`;
}
