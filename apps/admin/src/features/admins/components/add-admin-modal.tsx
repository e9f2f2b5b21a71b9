import { type AddAdminFormValues, addAdminFormSchema, registerAdminRequest } from '@backroom/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { OrderDialog } from '../../orders/components/order-dialog';
import { useCreateAdmin } from '../api';

const empty: AddAdminFormValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

/**
 * Add New Admin (spec 2 sections 2 and 5): every field required, the e-mail checked, the password
 * policy told before sending, 'Passwords do not match' with nothing sent; the name is sent as first
 * and last joined by a space.
 */
export function AddAdminModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <OrderDialog opened={opened} onClose={onClose} title="Add New Admin">
      {opened && <AddAdminForm onDone={onClose} />}
    </OrderDialog>
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
  const passwordProps = {
    visibilityToggleButtonProps: { 'aria-label': 'Show password' },
    autoComplete: 'new-password',
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
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
        <TextInput
          label="Email"
          type="email"
          withAsterisk
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordInput
          label="Password"
          withAsterisk
          description="At least 12 characters, not a commonly used password"
          error={errors.password?.message}
          {...passwordProps}
          {...form.register('password')}
        />
        <PasswordInput
          label="Confirm Password"
          withAsterisk
          error={errors.confirmPassword?.message}
          {...passwordProps}
          visibilityToggleButtonProps={{ 'aria-label': 'Show confirmation' }}
          {...form.register('confirmPassword')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create Admin
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
