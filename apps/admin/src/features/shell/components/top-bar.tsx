import { Group, Text } from '@mantine/core';
import { type ComponentType, startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../../../lib/idle';
import { useUserInfo } from '../../auth/api';
import { palette } from '../../search/palette-store';
import { welcomeName } from '../welcome-name';
import { LogoutButton } from './logout-button';
import classes from './top-bar.module.css';

/**
 * The palette, bell and account menu arrive once the screen has drawn (the page idle after its first
 * paint), behind a placeholder of their size so nothing moves when they do. Until then Ctrl+K (Cmd+K)
 * still opens the palette: it is opened in its store, and shows as soon as its code is there.
 */
function useDeferredActions(): ComponentType | null {
  const [Actions, setActions] = useState<ComponentType | null>(null);
  useEffect(
    () =>
      whenIdle(() => {
        import('./top-bar-actions').then(
          // A transition: React draws the palette, bell and menu in slices, yielding to input
          // between them, rather than in one long task (decision 058).
          (m) => startTransition(() => setActions(() => m.TopBarActions)),
          (error: unknown) => console.error(error),
        );
      }),
    [],
  );
  useEffect(() => {
    if (Actions) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        palette.open();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [Actions]);
  return Actions;
}

/** 'Welcome, {first name}' ('Admin' until the user info arrives, or if it never does), and the actions. */
export function TopBar() {
  const { data } = useUserInfo();
  const Actions = useDeferredActions();
  return (
    <header className={classes.header}>
      <Group gap="md" wrap="nowrap" miw={0}>
        <Text fw={700} visibleFrom="sm">
          Backroom
        </Text>
        <Text truncate>Welcome, {welcomeName(data?.user.name)}</Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {Actions ? <Actions /> : <div className={classes.actionsPlaceholder} />}
        <LogoutButton />
      </Group>
    </header>
  );
}
