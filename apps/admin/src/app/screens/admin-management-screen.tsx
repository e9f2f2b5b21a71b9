import { AdminManagementRoute } from '../../features/admins/routes/admin-management-route';
import { useUserInfo } from '../../features/auth/api';
import { UserNotifications } from '../../features/campaigns/components/user-notifications';
import { VisibilitySettings } from '../../features/settings/components/visibility-settings';
import { TwoFactorRequirement } from '../../features/two-factor/components/two-factor-requirement';

/** Admin Management: the admins, then the visibility settings, sign-in security and user notifications. */
export function AdminManagementScreen() {
  const me = useUserInfo().data?.user.email;
  return (
    <AdminManagementRoute>
      <VisibilitySettings />
      <TwoFactorRequirement me={me} />
      <UserNotifications />
    </AdminManagementRoute>
  );
}
