import { MESSAGES, type User, usedInOrders, visibleAddresses } from '@backroom/contract';
import { ActionIcon, Button, Center, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconRestore, IconX } from '@tabler/icons-react';
import { Dialog } from '../../../components/dialog';
import { notifySuccess } from '../../../lib/notify';
import { useUserAddresses } from '../api';
import { useFailureToast } from '../hooks/use-failure-toast';
import { useRemovedAddresses } from '../hooks/use-removed-addresses';

/**
 * Contact Information: the distinct addresses of the user's orders, newest first, with the last
 * use and 'Used in N order(s)'. Removing one hides it in this browser; Restore shows them all again.
 */
export function ContactModal({ user, onClose }: { user: User; onClose: () => void }) {
  const addresses = useUserAddresses(user._id);
  useFailureToast(addresses.error, MESSAGES.fetchUserOrdersFailed);
  const { removed, remove, restore } = useRemovedAddresses(user._id);
  const shown = visibleAddresses(addresses.data?.addresses ?? [], removed);

  return (
    <Dialog opened title={`Contact Information: ${user.name}`} onClose={onClose} size="lg">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            <Text span fw={600}>
              Email:
            </Text>{' '}
            {user.email}
          </Text>
          {removed.length > 0 && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRestore size={14} aria-hidden="true" />}
              onClick={() => {
                restore();
                notifySuccess(MESSAGES.addressesRestored);
              }}
            >
              Restore
            </Button>
          )}
        </Group>
        {addresses.isPending ? (
          <Center py="md">
            <Text size="sm">{MESSAGES.loading}</Text>
          </Center>
        ) : shown.length === 0 ? (
          !addresses.isError && (
            <Text size="sm" py="md" ta="center">
              No addresses found for this user.
            </Text>
          )
        ) : (
          <Stack gap="xs" role="list" aria-label="Addresses">
            {shown.map(({ key, address, lastUsed, orders }) => {
              const name = `${address.firstName} ${address.lastName}`.trim();
              const line = [address.street, address.city, address.state, address.zipcode, address.country]
                .filter(Boolean)
                .join(', ');
              return (
                <Paper key={key} withBorder p="sm" radius="md" role="listitem">
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {name || '-'}
                      </Text>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {line || '-'}
                      </Text>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {[address.phone, address.email].filter(Boolean).join(' · ')}
                      </Text>
                      <Text size="xs" c="dimmed">
                        Last used: {new Date(lastUsed).toLocaleDateString()} · {usedInOrders(orders)}
                      </Text>
                    </Stack>
                    <Tooltip label="Remove from view">
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        aria-label={`Remove address ${line || name}`}
                        onClick={() => {
                          remove(key);
                          notifySuccess(MESSAGES.addressRemoved);
                        }}
                      >
                        <IconX size={16} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Dialog>
  );
}
