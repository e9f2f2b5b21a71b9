import type { Discount } from '@backroom/contract';
import { Text } from '@mantine/core';
import { ConfirmButtons } from '../../../components/confirm-buttons';
import { Dialog } from '../../../components/dialog';
import { useDeleteDiscount } from '../api';

/** Delete Discount: permanent (spec 2 section 4); orders that used the code keep it. */
export function DeleteDiscountModal({ discount, onClose }: { discount: Discount | null; onClose: () => void }) {
  const remove = useDeleteDiscount();
  return (
    <Dialog opened={discount !== null} onClose={onClose} title="Delete Discount">
      {discount && (
        <>
          <Text>
            Are you sure you want to delete the discount code{' '}
            <Text span ff="monospace" fw={600}>
              {discount.code}
            </Text>
            ? This action cannot be undone.
          </Text>
          <ConfirmButtons
            onCancel={onClose}
            onConfirm={() => remove.mutate(discount.code, { onSettled: onClose })}
            busy={remove.isPending}
          />
        </>
      )}
    </Dialog>
  );
}
