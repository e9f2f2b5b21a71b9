import { bellLabel, type Notification } from '@backroom/contract';
import { Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';
import { useNavigate } from 'react-router';
import { StandInButton } from '../../../components/stand-in-button';
import { openState } from '../../../lib/open-state';
import { useLoadedOnIntent } from '../../../lib/use-loaded-on-intent';
import { useLoadedWhen } from '../../../lib/use-loaded-when';
import { useMarkRead, useNotifications } from '../bell-api';
import classes from './notifications-bell.module.css';
import type { NotificationsPanelProps } from './notifications-panel';

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

/** The bell's button with its panel (notifications-panel.tsx): fetched at the first intent to use it. */
const loadPanel = () => import('./notifications-panel').then((m) => m.NotificationsPanel);
const loadedPanel: { current: ComponentType<NotificationsPanelProps> | null } = { current: null };

/**
 * The bell (issue 24; decision 056): the unread count as a badge and in its name, a panel of the
 * admin's notifications newest first ('Load more' for older ones), each opening what it is about
 * and read once opened, and 'Mark all as read'. Live: it refetches when one arrives. The count and
 * the badge are drawn (and kept live) from the start; the panel's code (Popover, floating-ui, a
 * focus trap) arrives when a person first points at, focuses or touches the bell, and the bell's
 * button is drawn light until then (docs/decisions/058-lighthouse-on-a-phone.md). A click before it
 * arrives opens the panel as soon as it does.
 */
export function NotificationsBell() {
  const [opened, setOpened] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  // Mounted from the first job opened on, so it closes (and gives the focus back) as before.
  const [JobResultDialog, ready] = useLoadedWhen(jobId !== null, loadJobResultDialog);
  const panel = useLoadedOnIntent(loadPanel, loadedPanel);
  const navigate = useNavigate();
  const list = useNotifications();
  const markRead = useMarkRead();
  const unread = list.data?.pages[0]?.unread ?? 0;
  const label = bellLabel(unread);

  const open = (n: Notification) => {
    if (!n.read) markRead.mutate(n._id);
    setOpened(false);
    const target = targetOf(n);
    if (target === null) return;
    if ('jobId' in target) setJobId(target.jobId);
    else navigate(target.to, target.state ? { state: target.state } : undefined);
  };
  const Panel = panel.Loaded;

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
        {Panel ? (
          <Panel
            opened={opened && panel.ready}
            onChange={setOpened}
            onToggle={() => setOpened((o) => !o)}
            label={label}
            list={list}
            markRead={markRead}
            onOpenNotification={open}
            buttonRef={panel.realButton}
          />
        ) : (
          <StandInButton control={panel} label={label} popup="dialog" onOpen={() => setOpened(true)}>
            <IconBell size={20} aria-hidden="true" />
          </StandInButton>
        )}
      </Indicator>
      {JobResultDialog && <JobResultDialog jobId={ready ? jobId : null} onClose={() => setJobId(null)} />}
    </>
  );
}
