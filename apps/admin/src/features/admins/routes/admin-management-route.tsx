import { Stack, Text } from '@mantine/core';
import { ScreenTitle } from '../../../components/screen-title';
import { UserNotifications } from '../../campaigns/components/user-notifications';
import { VisibilitySettings } from '../../settings/components/visibility-settings';
import { TwoFactorRequirement } from '../../two-factor/components/two-factor-requirement';
import { AdminsSection } from '../components/admins-section';

/** Admin Management (spec 2 section 2): admins, visibility settings, user notifications. */
export function AdminManagementRoute() {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <ScreenTitle>Admin Management</ScreenTitle>
        <Text c="dimmed">Manage administrator accounts and permissions</Text>
      </Stack>
      <AdminsSection />
      <VisibilitySettings />
      <TwoFactorRequirement />
      <UserNotifications />
    </Stack>
  );
}
