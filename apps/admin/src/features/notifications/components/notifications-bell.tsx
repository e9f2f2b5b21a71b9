import { bellLabel, type Notification } from '@backroom/contract';
import {
  ActionIcon,
  Box,
  Button,
  Center,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { openState } from '../../../lib/open-state';
import { useLoadedWhen } from '../../../lib/use-loaded-when';
import { useMarkRead, useNotifications } from '../api';
import classes from './notifications-bell.module.css';

/** Where a notification opens: a screen (with what it opens there), or a job's result in a dialog. */
type Target = { to: string; state?: unknown } | { jobId: string } | null;

export function targetOf(n: Notification): Target {
  const s = n.subject;
  switch (n.kind) {
    case 'order':
      return s.orderId
        ? {
            to: `/orders?${new URLSearchParams({ search: s.orderId })}`,
            state: openState({ kind: 'order', record: s.orderId }),
          }
        : null;
    case 'conversation':
      return s.conversationId
        ? { to: `/messages?${new URLSearchParams({ c: s.conversationId })}` }
        : { to: '/messages' };
    case 'stockLow':
    case 'stockOut':
      return s.productId ? { to: `/list?${new URLSearchParams({ edit: s.productId })}` } : { to: '/list' };
    case 'campaign':
      return { to: '/sent-emails' };
    case 'bulk':
    case 'import':
      return s.jobId ? { jobId: s.jobId } : null;
    case 'signInBurst':
      return { to: '/admin-management' };
  }
}

/** A job's result's dialog (job-result-dialog.tsx): fetched when one is first opened. */
const loadJobResultDialog = () => import('./job-result-dialog').then((m) => m.JobResultDialog);

/**
 * The bell (issue 24; decision 056): the unread count as a badge and in its name, a panel of the
 * admin's notifications newest first ('Load more' for older ones), each opening what it is about
 * and read once opened, and 'Mark all as read'. Live: it refetches when one arrives.
 */
export function NotificationsBell() {
  const [opened, setOpened] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  // Mounted from the first job opened on, so it closes (and gives the focus back) as before.
  const [JobResultDialog, ready] = useLoadedWhen(jobId !== null, loadJobResultDialog);
  const navigate = useNavigate();
  const list = useNotifications();
  const markRead = useMarkRead();
  const unread = list.data?.pages[0]?.unread ?? 0;
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const nothingToMark = unread === 0 || markRead.isPending;

  const open = (n: Notification) => {
    if (!n.read) markRead.mutate(n._id);
    setOpened(false);
    const target = targetOf(n);
    if (target === null) return;
    if ('jobId' in target) setJobId(target.jobId);
    else navigate(target.to, target.state ? { state: target.state } : undefined);
  };

  return (
    <>
      <Indicator
        label={unread > 99 ? '99+' : unread}
        size={18}
        disabled={unread === 0}
        offset={6}
        color="red"
        classNames={{ indicator: classes.badge }}
      >
        <Popover
          opened={opened}
          onChange={setOpened}
          position="bottom-end"
          withArrow
          shadow="md"
          width="min(380px, calc(100vw - 16px))"
          trapFocus
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={bellLabel(unread)}
              onClick={() => setOpened((o) => !o)}
            >
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
                        onClick={() => open(n)}
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
      </Indicator>
      {JobResultDialog && <JobResultDialog jobId={ready ? jobId : null} onClose={() => setJobId(null)} />}
    </>
  );
}
