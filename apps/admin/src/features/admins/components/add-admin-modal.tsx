import { type AddAdminFormValues, addAdminFormSchema, registerAdminRequest } from '@backroom/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog } from '../../../components/dialog';
import { DialogForm } from '../../../components/dialog-form';
import { useCreateAdmin } from '../api';
import { EmailField } from './email-field';

const PASSWORD_FIELDS = [
  {
    name: 'password',
    label: 'Password',
    toggle: 'Show password',
    description: 'At least 12 characters, not a commonly used password',
  },
  { name: 'confirmPassword', label: 'Confirm Password', toggle: 'Show confirmation', description: undefined },
] as const;

const empty: AddAdminFormValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

/**
 * Add New Admin (spec 2 sections 2 and 5): every field required, the e-mail checked, the password
 * policy told before sending, 'Passwords do not match' with nothing sent; the name is sent as first
 * and last joined by a space.
 */
export function AddAdminModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Add New Admin">
      {opened && <AddAdminForm onDone={onClose} />}
    </Dialog>
  );
}

function AddAdminForm({ onDone }: { onDone: () => void }) {
  const form = useForm<AddAdminFormValues, unknown, z.output<typeof addAdminFormSchema>>({
    resolver: zodResolver(addAdminFormSchema),
    defaultValues: empty,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const create = useCreateAdmin({ onSuccess: onDone });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => create.mutate(registerAdminRequest(values)));

  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onDone}
      submitLabel="Create Admin"
      submitting={create.isPending}
      dirty={form.formState.isDirty}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label="First Name"
          withAsterisk
          autoComplete="off"
          data-autofocus
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextInput
          label="Last Name"
          withAsterisk
          autoComplete="off"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </SimpleGrid>
      <EmailField error={errors.email?.message} {...form.register('email')} />
      {PASSWORD_FIELDS.map(({ name, label, toggle, description }) => (
        <PasswordInput
          key={name}
          label={label}
          withAsterisk
          autoComplete="new-password"
          description={description}
          visibilityToggleButtonProps={{ 'aria-label': toggle }}
          error={errors[name]?.message}
          {...form.register(name)}
        />
      ))}
    </DialogForm>
  );
}
