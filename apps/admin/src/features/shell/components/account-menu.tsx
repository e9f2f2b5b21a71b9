import { ActionIcon, Menu } from '@mantine/core';
import { IconBellCog, IconHistory, IconShieldLock, IconUserCircle, IconUserShield } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLoadedWhen } from '../../../lib/use-loaded-when';
import { ThemeMenuSection } from '../../theme/theme-menu-section';

/** The kinds' dialog (a Modal, checkboxes, the kinds' schemas): fetched when first opened. */
const loadKindsDialog = () =>
  import('../../notifications/components/notification-kinds-dialog').then((m) => m.NotificationKindsDialog);

/**
 * The account menu: Admin Management, Activity, Two-factor sign-in, the kinds of notification the bell
 * tells (decision 056; its dialog fetched when first opened) and the theme. Without Mantine's initial-focus
 * placeholder: a focusable child of role=menu that is no menuitem, which axe flags (aria-required-children).
 */
export function AccountMenu() {
  const [kindsOpen, setKindsOpen] = useState(false);
  // Mounted from its first opening on, so it closes (and gives the focus back) as before.
  const [NotificationKindsDialog, ready] = useLoadedWhen(kindsOpen, loadKindsDialog);
  return (
    <>
      <Menu position="bottom-end" withArrow shadow="md" withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Account">
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
          <Menu.Item leftSection={<IconBellCog size={16} aria-hidden="true" />} onClick={() => setKindsOpen(true)}>
            Notifications
          </Menu.Item>
          <ThemeMenuSection />
        </Menu.Dropdown>
      </Menu>
      {NotificationKindsDialog && (
        <NotificationKindsDialog opened={kindsOpen && ready} onClose={() => setKindsOpen(false)} />
      )}
    </>
  );
}
