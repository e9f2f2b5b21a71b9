import { Group, Text } from '@mantine/core';
import { type ComponentType, startTransition, useEffect, useLayoutEffect, useState } from 'react';
import { whenIdle } from '../../../lib/idle';
import { useUserInfo } from '../../auth/api';
import { palette } from '../../search/palette-store';
import { welcomeName } from '../welcome-name';
import { LogoutButton } from './logout-button';
import classes from './top-bar.module.css';

/**
 * The palette, bell and account menu arrive once the screen has drawn (the page idle after its first
 * paint), behind a placeholder of their size so nothing moves when they do.
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
  return Actions;
}

/**
 * Ctrl+K (Cmd+K) opens the palette from anywhere, even a text field, for as long as the shell is on
 * screen: it opens the palette's store, and the palette shows as soon as its code is there. The one
 * listener is this one (the palette's Spotlight has no shortcut of its own), set while the shell is
 * committed, before it is painted: a shortcut handed from a stand-in to Spotlight's own left a
 * moment with no listener at all, once at the start (effects run after the paint of a transition)
 * and once at the hand-over.
 */
function usePaletteShortcut() {
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        palette.open();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/** 'Welcome, {first name}' ('Admin' until the user info arrives, or if it never does), and the actions. */
export function TopBar() {
  const { data } = useUserInfo();
  const Actions = useDeferredActions();
  usePaletteShortcut();
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
