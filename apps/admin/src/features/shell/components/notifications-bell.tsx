import { ActionIcon, Popover, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';

/** The bell (its behaviour is not specified): a popover saying there is nothing new. */
export function NotificationsBell() {
  return (
    <Popover position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Notifications">
          <IconBell size={20} aria-hidden="true" />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label="Notifications">
        <Text size="sm">No new notifications</Text>
      </Popover.Dropdown>
    </Popover>
  );
}
