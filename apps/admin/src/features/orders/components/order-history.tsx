import type { OrderStatusChange } from '@backroom/contract';
import { Box, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { LoadError } from '../../../components/load-error';
import { serverMessageOr } from '../../../lib/api-error';
import { useOrderHistory } from '../api';
import { formatOrderTime } from '../order-display';
import { historyShownLabel, ORDER_HISTORY_TEXTS } from '../order-history';

function ChangeLine({ change }: { change: OrderStatusChange }) {
  return (
    <Text component="li" size="sm">
      <Text span fw={600} inherit>
        {change.status}
      </Text>{' '}
      · {formatOrderTime(change.at)}
      {change.by && ` · by ${change.by}`}
      {change.trackingNumber && ` · Tracking number: ${change.trackingNumber}`}
      {change.discountCode && ` · Discount code: ${change.discountCode}`}
    </Text>
  );
}

/**
 * The open order's status changes, newest first, fetched when the details open (the lists carry
 * only the latest change): 100 at a time, with 'Load more' for older ones.
 */
export function OrderHistory({ orderId }: { orderId: string }) {
  const history = useOrderHistory(orderId);
  if (history.isPending) {
    return (
      <Center py="xs">
        <Loader size="sm" aria-label={ORDER_HISTORY_TEXTS.loading} />
      </Center>
    );
  }
  const changes = history.data?.pages.flatMap((page) => page.history) ?? [];
  const total = history.data?.pages[0]?.total ?? 0;
  return (
    <Stack gap="xs">
      {history.data &&
        (changes.length === 0 ? (
          <Text size="sm">{ORDER_HISTORY_TEXTS.empty}</Text>
        ) : (
          // A long history scrolls inside the details; focusable, so the keyboard scrolls it too.
          <Box role="group" aria-label="Status changes" tabIndex={0} mah={360} style={{ overflowY: 'auto' }}>
            <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
              {changes.map((change) => (
                <ChangeLine key={change.id} change={change} />
              ))}
            </Stack>
          </Box>
        ))}
      {history.isError && (
        <LoadError
          error={history.error}
          title={serverMessageOr(history.error, ORDER_HISTORY_TEXTS.loadFailed)}
          onRetry={() => void (history.isFetchNextPageError ? history.fetchNextPage() : history.refetch())}
        />
      )}
      {history.data && total > 0 && (
        <Group gap="sm" justify="space-between">
          <Text size="xs" c="dimmed" aria-live="polite">
            {historyShownLabel(changes.length, total)}
          </Text>
          {history.hasNextPage && (
            <Button
              variant="default"
              size="xs"
              loading={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {ORDER_HISTORY_TEXTS.loadMore}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
