import type { OrderStatus } from '@backroom/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { countOf } from '../../../components/bulk/bulk-words';
import { Dialog } from '../../../components/dialog';
import { needsStatusUpdateConfirmation, statusUpdateSummary } from '../order-status-change';

const ORDERS = { one: 'order', many: 'orders' };

interface OrderBulkStatusDialogsProps {
  /** The status chosen and how many orders it goes to; null when closed. */
  target: { status: OrderStatus; count: number } | null;
  sending: boolean;
  onSend: (status: OrderStatus) => void;
  onClose: () => void;
}

/**
 * The one-order status dialogs (spec 2 section 4) worded for N orders: 'Confirm Status Change' with
 * Cancel and Continue; for Shipped and Delivered Continue moves to 'Confirm Status Update' with Back
 * and Confirm, other statuses are sent at once. No tracking number or discount code is asked: a bulk
 * change leaves each order's as it is (docs/decisions/035-bulk-actions.md).
 */
export function OrderBulkStatusDialogs({ target, sending, onSend, onClose }: OrderBulkStatusDialogsProps) {
  const [step, setStep] = useState<'change' | 'confirm'>('change');
  // What the dialogs show while they fade out after the target is gone.
  const [shown, setShown] = useState(target);
  useEffect(() => {
    setStep('change');
    if (target) setShown(target);
  }, [target]);

  if (!shown) return null;
  const { status, count } = shown;
  const orders = countOf(count, ORDERS);
  const summary = statusUpdateSummary(status, {});

  return (
    <>
      <Dialog opened={target !== null && step === 'change'} onClose={onClose} title="Confirm Status Change">
        <Stack>
          <Text>{`Change the status of ${orders} to ${status}?`}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              loading={sending}
              data-autofocus
              onClick={() => (needsStatusUpdateConfirmation(status) ? setStep('confirm') : onSend(status))}
            >
              Continue
            </Button>
          </Group>
        </Stack>
      </Dialog>
      <Dialog opened={target !== null && step === 'confirm'} onClose={onClose} title="Confirm Status Update">
        <Stack>
          <Text>{`Set the status of ${orders} to ${status}.`}</Text>
          {summary && <Text>{summary.text}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep('change')} disabled={sending}>
              Back
            </Button>
            <Button onClick={() => onSend(status)} loading={sending} data-autofocus>
              Confirm
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}
