import { Dialog } from '../../../components/dialog';
import { useCreateDiscount } from '../api';
import { createDiscountBody, newDiscountFormValues } from '../discount-screen';
import { DiscountForm } from './discount-form';

interface CreateDiscountModalProps {
  opened: boolean;
  /** Today in the shop's time zone (yyyy-mm-dd), as the list call said: the default start. */
  today: string;
  onClose: () => void;
}

/** Create New Discount: the server makes the code; 'Discount code created successfully'. */
export function CreateDiscountModal({ opened, today, onClose }: CreateDiscountModalProps) {
  const create = useCreateDiscount({ onSuccess: onClose });
  return (
    <Dialog opened={opened} onClose={onClose} title="Create New Discount">
      {opened && (
        <DiscountForm
          defaultValues={newDiscountFormValues(today)}
          submitLabel="Create Discount"
          submitting={create.isPending}
          onSubmit={(values) => create.mutate(createDiscountBody(values))}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}
