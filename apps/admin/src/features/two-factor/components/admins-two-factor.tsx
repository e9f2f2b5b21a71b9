import { type AdminTwoFactor, MESSAGES, TWO_FACTOR_MESSAGES } from '@backroom/contract';
import { Badge, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmButtons } from '../../../components/confirm-buttons';
import { Dialog } from '../../../components/dialog';
import { LoadError } from '../../../components/load-error';
import { useAdminsTwoFactor, useResetAdminTwoFactor } from '../api';
import '../styles';

/**
 * Who has two-factor sign-in on, and 'Turn off' for another admin who lost the phone and the
 * recovery codes (one's own, `me`, is turned off from the account menu, with the password and a
 * code).
 */
export function AdminsTwoFactor({ me }: { me: string | undefined }) {
  const admins = useAdminsTwoFactor();
  const reset = useResetAdminTwoFactor();
  const [resetting, setResetting] = useState<AdminTwoFactor | null>(null);

  if (admins.isPending) {
    return (
      <Center py="sm">
        <Loader size="sm" aria-label={MESSAGES.loading} />
      </Center>
    );
  }
  if (admins.isError) {
    return <LoadError error={admins.error} title="Failed to load admins" onRetry={() => void admins.refetch()} />;
  }
  return (
    <>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Two-factor sign-in by admin">
        {admins.data.map((admin) => (
          <Group component="li" key={admin._id} justify="space-between" gap="xs">
            <Stack gap={0} miw={0}>
              <Text fw={600}>{admin.name}</Text>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {admin.email}
              </Text>
            </Stack>
            <Group gap="xs">
              <Badge color={admin.enabled ? 'teal.9' : 'gray.7'} variant="filled" tt="none" radius="sm">
                {admin.enabled ? 'On' : 'Off'}
              </Badge>
              {admin.enabled && admin.email !== me && (
                <Button size="xs" variant="light" color="red" onClick={() => setResetting(admin)}>
                  Turn off for {admin.name}
                </Button>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
      <Dialog opened={resetting !== null} onClose={() => setResetting(null)} title="Turn off two-factor sign-in">
        {resetting && (
          <>
            <Text>{TWO_FACTOR_MESSAGES.resetConfirm(resetting.name)}</Text>
            <ConfirmButtons
              confirmLabel="Turn off"
              busy={reset.isPending}
              onCancel={() => setResetting(null)}
              onConfirm={() => reset.mutate(resetting._id, { onSettled: () => setResetting(null) })}
            />
          </>
        )}
      </Dialog>
    </>
  );
}
