import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useLogoutMutation } from '../../auth/api';

export function LogoutButton() {
  const logout = useLogoutMutation();
  return (
    <Button
      color="red"
      leftSection={<IconLogout size={16} aria-hidden="true" />}
      loading={logout.isPending}
      onClick={() => logout.mutate()}
    >
      Logout
    </Button>
  );
}
