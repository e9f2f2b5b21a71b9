import { NotificationsBell } from '../../notifications/components/notifications-bell';
import { PaletteLauncher } from '../../search/components/palette-launcher';
import { AccountMenu } from './account-menu';

/**
 * The top bar's palette, bell and account menu: with their popovers, dialogs and the palette, the
 * heaviest part of the shell. A chunk of its own, drawn after the first screen
 * (top-bar.tsx, docs/decisions/058-lighthouse-on-a-phone.md).
 */
export function TopBarActions() {
  return (
    <>
      <PaletteLauncher />
      <NotificationsBell />
      <AccountMenu />
    </>
  );
}
