import type { Discount } from '@backroom/contract';
import { Text } from '@mantine/core';
import { Dialog } from '../../../components/dialog';
import { useUpdateDiscount } from '../api';
import { discountFormValues, updateDiscountBody } from '../discount-screen';
import { DiscountForm } from './discount-form';

/** Edit Discount: everything but the code, plus Status; 'Discount code updated successfully'. */
export function EditDiscountModal({ discount, onClose }: { discount: Discount | null; onClose: () => void }) {
  const update = useUpdateDiscount({ onSuccess: onClose });
  return (
    <Dialog opened={discount !== null} onClose={onClose} title="Edit Discount">
      {discount && (
        <>
          <Text mb="sm">
            Code{' '}
            <Text span ff="monospace" fw={600}>
              {discount.code}
            </Text>
          </Text>
          <DiscountForm
            key={discount._id}
            discount={discount}
            defaultValues={discountFormValues(discount)}
            submitLabel="Save Changes"
            submitting={update.isPending}
            onSubmit={(values) => update.mutate({ code: discount.code, body: updateDiscountBody(discount, values) })}
            onCancel={onClose}
          />
        </>
      )}
    </Dialog>
  );
}
