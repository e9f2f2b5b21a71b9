import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationKind } from '@backroom/contract';
import { Button, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { notifySuccess } from '../../../lib/notify';
import { useNotificationKinds, useSaveNotificationKinds } from '../api';

const isKind = (value: string): value is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(value);

/**
 * The account menu's 'Notifications' choice (decision 056): which kinds ring this admin's bell,
 * saved on the server for this admin (PUT /api/notifications/kinds), on every browser.
 */
export function NotificationKindsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const kinds = useNotificationKinds(opened);
  const save = useSaveNotificationKinds();
  const [chosen, setChosen] = useState<NotificationKind[]>([]);
  useEffect(() => {
    if (opened && kinds.data) setChosen(kinds.data.kinds);
  }, [opened, kinds.data]);

  return (
    <Dialog opened={opened} title="Notifications" onClose={onClose}>
      {kinds.isPending ? (
        <Loader size="sm" aria-label="Loading your choice" />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(chosen, {
              onSuccess: () => {
                notifySuccess('Notification choices saved');
                onClose();
              },
            });
          }}
        >
          <Stack gap="sm">
            <Checkbox.Group
              label="The bell tells me about"
              value={chosen}
              onChange={(values) => setChosen(values.filter(isKind))}
            >
              <Stack gap={6} mt="xs">
                {NOTIFICATION_KINDS.map((kind) => (
                  <Checkbox key={kind} value={kind} label={NOTIFICATION_KIND_LABELS[kind]} />
                ))}
              </Stack>
            </Checkbox.Group>
            {save.isError && (
              <Text size="sm" c="red" role="alert">
                Could not save: {save.error.message}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
