import { Group, Text } from '@mantine/core';
import { useUserInfo } from '../../auth/api';
import { NotificationsBell } from '../../notifications/components/notifications-bell';
import { PaletteLauncher } from '../../search/components/palette-launcher';
import { welcomeName } from '../welcome-name';
import { AccountMenu } from './account-menu';
import { LogoutButton } from './logout-button';
import classes from './top-bar.module.css';

/** 'Welcome, {first name}' ('Admin' until the user info arrives, or if it never does), and the actions. */
export function TopBar() {
  const { data } = useUserInfo();
  return (
    <header className={classes.header}>
      <Group gap="md" wrap="nowrap" miw={0}>
        <Text fw={700} visibleFrom="sm">
          Backroom
        </Text>
        <Text truncate>Welcome, {welcomeName(data?.user.name)}</Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <PaletteLauncher />
        <NotificationsBell />
        <AccountMenu />
        <LogoutButton />
      </Group>
    </header>
  );
}
