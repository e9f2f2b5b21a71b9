import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScreenTitle } from '../../../components/screen-title';
import { AdminsSection } from '../components/admins-section';

/**
 * Admin Management (spec 2 section 2): admins, then the other features' panels (visibility
 * settings, sign-in security, user notifications), handed in by the app layer
 * (app/screens/admin-management-screen.tsx).
 */
export function AdminManagementRoute({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <ScreenTitle>Admin Management</ScreenTitle>
        <Text c="dimmed">Manage administrator accounts and permissions</Text>
      </Stack>
      <AdminsSection />
      {children}
    </Stack>
  );
}
