import { ORDER_LIMITS, type Order, type OrderStatus, orderStatusRequestSchema } from '@backroom/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog } from '../../../components/dialog';
import { useUpdateOrderStatus } from '../api';
import {
  needsStatusUpdateConfirmation,
  orderStatusRequest,
  STATUS_CHANGE_DETAIL_LABELS,
  type StatusDialogKind,
  statusChangeDetail,
  statusDialogTexts,
  statusUpdateSummary,
} from '../order-status-change';

/** A status change the admin started: from the status selector, or the tracking number's edit button. */
export interface StatusChangeTarget {
  kind: StatusDialogKind;
  order: Order;
  status: OrderStatus;
  /** Prefilled when editing a tracking number. */
  trackingNumber?: string;
  /** What started it (the status selector or the edit button): it has the focus back when the dialogs close. */
  opener: HTMLElement | null;
}

interface OrderStatusDialogsProps {
  target: StatusChangeTarget | null;
  onClose: () => void;
}

const fieldsSchema = orderStatusRequestSchema.pick({ trackingNumber: true, discountCode: true });
type FieldValues = z.input<typeof fieldsSchema>;

const emptyFields = (target: StatusChangeTarget | null): FieldValues => ({
  trackingNumber: target?.trackingNumber ?? '',
  discountCode: '',
});

/**
 * The two-step status dialogs (spec 2 section 4): 'Confirm Status Change' with Cancel and Continue
 * (and the optional tracking number or discount code); for Shipped and Delivered Continue moves to
 * 'Confirm Status Update' with Back and Confirm, other statuses are sent at once. After any send
 * attempt both close and the fields reset.
 */
export function OrderStatusDialogs({ target, onClose }: OrderStatusDialogsProps) {
  const [step, setStep] = useState<'change' | 'confirm'>('change');
  // What the dialogs show while they fade out after the target is gone.
  const [shown, setShown] = useState(target);
  const form = useForm<FieldValues, unknown, z.output<typeof fieldsSchema>>({
    resolver: zodResolver(fieldsSchema),
    defaultValues: emptyFields(target),
  });
  const { reset } = form;
  const update = useUpdateOrderStatus();

  useEffect(() => {
    setStep('change');
    reset(emptyFields(target));
    if (target) setShown(target);
  }, [target, reset]);

  if (!shown) return null;
  const { order, status } = shown;
  const detail = statusChangeDetail(status);
  const summary = statusUpdateSummary(status, form.getValues());
  const texts = statusDialogTexts(shown.kind, { id: order._id, status: order.status }, status);

  // However the dialogs close (Escape, X, Cancel, after a send), the focus goes back to what opened
  // them, once the dialog's focus trap has let go.
  const close = () => {
    const { opener } = shown;
    onClose();
    if (opener) setTimeout(() => opener.isConnected && opener.focus(), 0);
  };
  const send = (values: z.output<typeof fieldsSchema>) => {
    update.mutate(orderStatusRequest(order._id, status, values), { onSettled: close });
  };
  const onContinue = form.handleSubmit((values) => {
    if (needsStatusUpdateConfirmation(status)) setStep('confirm');
    else send(values);
  });
  const onConfirm = form.handleSubmit(send);
  const error = detail ? form.formState.errors[detail]?.message : undefined;

  return (
    <>
      <Dialog
        opened={target !== null && step === 'change'}
        onClose={close}
        title="Confirm Status Change"
        returnFocus={false}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onContinue();
          }}
        >
          <Stack>
            <Text>{texts.question}</Text>
            {detail && (
              <TextInput
                key={detail}
                label={`${STATUS_CHANGE_DETAIL_LABELS[detail]} (optional)`}
                maxLength={detail === 'trackingNumber' ? ORDER_LIMITS.trackingNumberMax : ORDER_LIMITS.discountCodeMax}
                data-autofocus
                error={error ? `${STATUS_CHANGE_DETAIL_LABELS[detail]} ${error}` : undefined}
                {...form.register(detail)}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending}>
                Continue
              </Button>
            </Group>
          </Stack>
        </form>
      </Dialog>
      <Dialog
        opened={target !== null && step === 'confirm'}
        onClose={close}
        title="Confirm Status Update"
        returnFocus={false}
      >
        <Stack>
          <Text>{texts.statement}</Text>
          {summary && (
            <Text>
              {summary.value ? (
                <>
                  {summary.label}: <strong>{summary.value}</strong>
                </>
              ) : (
                summary.text
              )}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep('change')} disabled={update.isPending}>
              Back
            </Button>
            <Button onClick={() => void onConfirm()} loading={update.isPending} data-autofocus>
              Confirm
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}
