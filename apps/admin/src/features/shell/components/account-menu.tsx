import { IconUserCircle } from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';
import { StandInButton } from '../../../components/stand-in-button';
import { useLoadedOnIntent } from '../../../lib/use-loaded-on-intent';
import { useLoadedWhen } from '../../../lib/use-loaded-when';
import type { AccountMenuDropdownProps } from './account-menu-dropdown';

/** The kinds' dialog (a Modal, checkboxes, the kinds' schemas): fetched when first opened. */
const loadKindsDialog = () =>
  import('../../notifications/components/notification-kinds-dialog').then((m) => m.NotificationKindsDialog);

/** The button with its menu (account-menu-dropdown.tsx): fetched at the first intent to use it. */
const loadMenu = () => import('./account-menu-dropdown').then((m) => m.AccountMenuDropdown);
const loadedMenu: { current: ComponentType<AccountMenuDropdownProps> | null } = { current: null };

/**
 * The account menu: Admin Management, Activity, Two-factor sign-in, the kinds of notification the bell
 * tells (decision 056; its dialog fetched when first opened) and the theme. Its button is drawn light
 * until a person first points at, focuses or touches it; the menu's code (Menu, Popover, floating-ui)
 * arrives then, and a click before it does opens the menu as soon as it has
 * (docs/decisions/058-lighthouse-on-a-phone.md).
 */
export function AccountMenu() {
  const [opened, setOpened] = useState(false);
  const [kindsOpen, setKindsOpen] = useState(false);
  const menu = useLoadedOnIntent(loadMenu, loadedMenu);
  // Mounted from its first opening on, so it closes (and gives the focus back) as before.
  const [NotificationKindsDialog, ready] = useLoadedWhen(kindsOpen, loadKindsDialog);
  const Menu = menu.Loaded;
  return (
    <>
      {Menu ? (
        <Menu
          opened={opened && menu.ready}
          onChange={setOpened}
          onOpenKinds={() => setKindsOpen(true)}
          buttonRef={menu.realButton}
        />
      ) : (
        <StandInButton control={menu} label="Account" popup="menu" onOpen={() => setOpened(true)}>
          <IconUserCircle size={22} aria-hidden="true" />
        </StandInButton>
      )}
      {NotificationKindsDialog && (
        <NotificationKindsDialog opened={kindsOpen && ready} onClose={() => setKindsOpen(false)} />
      )}
    </>
  );
}
