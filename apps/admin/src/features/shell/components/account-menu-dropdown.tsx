import { ActionIcon, Menu } from '@mantine/core';
import { IconBellCog, IconHistory, IconShieldLock, IconUserCircle, IconUserShield } from '@tabler/icons-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { ThemeMenuSection } from '../../theme/theme-menu-section';

export interface AccountMenuDropdownProps {
  opened: boolean;
  onChange: (opened: boolean) => void;
  onOpenKinds: () => void;
  buttonRef: Ref<HTMLButtonElement>;
}

/**
 * The account button with its menu (Mantine's Menu, Popover and floating-ui): a chunk of its own,
 * fetched when a person first points at, focuses or touches the button (account-menu.tsx), drawn in
 * place of its light button. Without Mantine's initial-focus placeholder: a focusable child of
 * role=menu that is no menuitem, which axe flags (aria-required-children).
 */
export function AccountMenuDropdown({ opened, onChange, onOpenKinds, buttonRef }: AccountMenuDropdownProps) {
  return (
    <Menu
      opened={opened}
      onChange={onChange}
      position="bottom-end"
      withArrow
      shadow="md"
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <ActionIcon ref={buttonRef} variant="subtle" color="gray" size="lg" aria-label="Account">
          <IconUserCircle size={22} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to="/admin-management"
          leftSection={<IconUserShield size={16} aria-hidden="true" />}
        >
          Admin Management
        </Menu.Item>
        <Menu.Item component={Link} to="/activity" leftSection={<IconHistory size={16} aria-hidden="true" />}>
          Activity
        </Menu.Item>
        <Menu.Item component={Link} to="/two-factor" leftSection={<IconShieldLock size={16} aria-hidden="true" />}>
          Two-factor sign-in
        </Menu.Item>
        <Menu.Item leftSection={<IconBellCog size={16} aria-hidden="true" />} onClick={onOpenKinds}>
          Notifications
        </Menu.Item>
        <ThemeMenuSection />
      </Menu.Dropdown>
    </Menu>
  );
}
