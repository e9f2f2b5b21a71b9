import { type Admin, type EditAdminFormValues, editAdminFormSchema } from '@backroom/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog } from '../../../components/dialog';
import { DialogForm } from '../../../components/dialog-form';
import { useUpdateAdmin } from '../api';
import { EmailField } from './email-field';

/** The edit button's dialog (docs/decisions/024-admin-accounts.md): an admin's name and e-mail. */
export function EditAdminModal({ admin, onClose }: { admin: Admin | null; onClose: () => void }) {
  return (
    <Dialog opened={admin !== null} onClose={onClose} title="Edit Admin">
      {admin && <EditAdminForm key={admin._id} admin={admin} onDone={onClose} />}
    </Dialog>
  );
}

function EditAdminForm({ admin, onDone }: { admin: Admin; onDone: () => void }) {
  const form = useForm<EditAdminFormValues, unknown, z.output<typeof editAdminFormSchema>>({
    resolver: zodResolver(editAdminFormSchema),
    defaultValues: { name: admin.name, email: admin.email },
  });
  const update = useUpdateAdmin({ onSuccess: onDone });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => update.mutate({ id: admin._id, ...values }));

  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onDone}
      submitLabel="Save"
      submitting={update.isPending}
      dirty={form.formState.isDirty}
    >
      <TextInput label="Name" withAsterisk data-autofocus error={errors.name?.message} {...form.register('name')} />
      <EmailField error={errors.email?.message} {...form.register('email')} />
    </DialogForm>
  );
}
