import type { Notification } from '@backroom/contract';
import {
  ActionIcon,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { Ref } from 'react';
import type { useMarkRead, useNotifications } from '../bell-api';
import classes from './notifications-bell.module.css';

export interface NotificationsPanelProps {
  opened: boolean;
  onChange: (opened: boolean) => void;
  onToggle: () => void;
  /** The bell's accessible name (its unread count in it). */
  label: string;
  list: ReturnType<typeof useNotifications>;
  markRead: ReturnType<typeof useMarkRead>;
  onOpenNotification: (n: Notification) => void;
  buttonRef: Ref<HTMLButtonElement>;
}

/**
 * The bell's button with its panel (Popover, floating-ui, a focus trap, ScrollArea): a chunk of its
 * own, fetched when a person first points at, focuses or touches the bell (notifications-bell.tsx),
 * drawn in place of the bell's light button. The state (open or not, the list, the job dialog) is
 * the bell's.
 */
export function NotificationsPanel({
  opened,
  onChange,
  onToggle,
  label,
  list,
  markRead,
  onOpenNotification,
  buttonRef,
}: NotificationsPanelProps) {
  const unread = list.data?.pages[0]?.unread ?? 0;
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const nothingToMark = unread === 0 || markRead.isPending;
  return (
    <Popover
      opened={opened}
      onChange={onChange}
      position="bottom-end"
      withArrow
      shadow="md"
      width="min(380px, calc(100vw - 16px))"
      trapFocus
    >
      <Popover.Target>
        <ActionIcon ref={buttonRef} variant="subtle" color="gray" size="lg" aria-label={label} onClick={onToggle}>
          <IconBell size={20} aria-hidden="true" />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} role="dialog" aria-label="Notifications">
        <Group justify="space-between" px="sm" py="xs" wrap="nowrap" className={classes.head}>
          <Text fw={600} size="sm">
            Notifications
          </Text>
          {/* Disabled but still focusable (data-disabled, not disabled): a disabled button drops the
              focus out of the panel the moment it is used, and Escape would no longer close it. */}
          <Button
            variant="subtle"
            size="compact-sm"
            data-disabled={nothingToMark || undefined}
            aria-disabled={nothingToMark}
            onClick={() => {
              if (!nothingToMark) markRead.mutate('all');
            }}
          >
            Mark all as read
          </Button>
        </Group>
        <ScrollArea.Autosize mah="min(60vh, 480px)" type="auto">
          {list.isPending ? (
            <Center p="md">
              <Loader size="sm" aria-label="Loading notifications" />
            </Center>
          ) : list.isError ? (
            <Text size="sm" p="sm" c="red">
              Could not load the notifications.
            </Text>
          ) : items.length === 0 ? (
            <Text size="sm" p="sm">
              No notifications
            </Text>
          ) : (
            <Stack gap={0} component="ul" className={classes.list} aria-label="Notifications, newest first">
              {items.map((n) => (
                <li key={n._id}>
                  <UnstyledButton
                    className={classes.item}
                    data-unread={n.read ? undefined : ''}
                    onClick={() => onOpenNotification(n)}
                  >
                    <Box className={classes.dot} aria-hidden="true" />
                    <Stack gap={2} miw={0}>
                      <Text size="sm" fw={n.read ? 400 : 600} className={classes.title}>
                        {!n.read && <VisuallyHidden>Unread: </VisuallyHidden>}
                        {n.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {new Date(n.at).toLocaleString()}
                      </Text>
                    </Stack>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          )}
          {list.hasNextPage && (
            <Center p="xs">
              <Button
                variant="default"
                size="compact-sm"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                Load more
              </Button>
            </Center>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
