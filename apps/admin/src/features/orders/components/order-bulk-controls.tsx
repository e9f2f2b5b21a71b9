import { ORDER_STATUSES, type OrderStatus } from '@backroom/contract';
import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { BulkActionBar } from '../../../components/bulk/bulk-action-bar';
import { BulkRunStatus } from '../../../components/bulk/bulk-run-status';
import { countOf } from '../../../components/bulk/bulk-words';
import { SelectPageCheckbox } from '../../../components/bulk/select-page-checkbox';
import { Dialog } from '../../../components/dialog';
import type { OrderBulk } from '../hooks/use-order-bulk';
import { OrderBulkStatusDialogs } from './order-bulk-status-dialogs';

const ORDERS = { one: 'order', many: 'orders' };

interface OrderBulkControlsProps {
  bulk: OrderBulk;
  /** How many orders the filter matches. */
  total: number;
  /** The page shows orders (the page's box is offered only then). */
  hasRows: boolean;
}

/**
 * The orders screen's bulk actions (issue 13): the page's box, the bar while orders are picked
 * ('Change status', 'Delete'), their confirmations, then the job's progress and the result line.
 */
export function OrderBulkControls({ bulk, total, hasRows }: OrderBulkControlsProps) {
  const { selection, run } = bulk;
  const [statusTarget, setStatusTarget] = useState<{ status: OrderStatus; count: number } | null>(null);
  const [deleteCount, setDeleteCount] = useState<number | null>(null);
  const busy = run.starting || run.job !== null;

  const send = (action: { kind: 'status'; status: OrderStatus } | { kind: 'delete' }, close: () => void) =>
    run.run({ selection: selection.value(), action }, close);

  return (
    <Stack gap="sm">
      {hasRows && (
        <Group gap="sm">
          <SelectPageCheckbox selection={selection} noun={ORDERS} withLabel />
        </Group>
      )}
      <BulkActionBar selection={selection} total={total} noun={ORDERS}>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="sm" disabled={busy} rightSection={<IconChevronDown size={14} aria-hidden="true" />}>
              Change status
            </Button>
          </Menu.Target>
          <Menu.Dropdown aria-label="New status">
            {ORDER_STATUSES.map((status) => (
              <Menu.Item key={status} onClick={() => setStatusTarget({ status, count: selection.count })}>
                {status}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Button
          size="sm"
          color="red"
          disabled={busy}
          leftSection={<IconTrash size={14} aria-hidden="true" />}
          onClick={() => setDeleteCount(selection.count)}
        >
          Delete
        </Button>
      </BulkActionBar>
      <BulkRunStatus run={run} />

      <OrderBulkStatusDialogs
        target={statusTarget}
        sending={run.starting}
        onSend={(status) => send({ kind: 'status', status }, () => setStatusTarget(null))}
        onClose={() => setStatusTarget(null)}
      />
      <Dialog opened={deleteCount !== null} title="Delete Orders" onClose={() => setDeleteCount(null)}>
        <Text>{`Delete ${countOf(deleteCount ?? 0, ORDERS)}? This action cannot be undone.`}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleteCount(null)}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={run.starting}
            data-autofocus
            onClick={() => send({ kind: 'delete' }, () => setDeleteCount(null))}
          >
            Delete
          </Button>
        </Group>
      </Dialog>
    </Stack>
  );
}
