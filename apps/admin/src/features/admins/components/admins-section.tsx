import { ADMINS_ORDER_NOTE, type Admin, MESSAGES } from '@backroom/contract';
import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { useAdminEvents, useAdminList } from '../api';
import '../styles';
import { AddAdminModal } from './add-admin-modal';
import { AdminTable } from './admin-table';
import { EditAdminModal } from './edit-admin-modal';
import { RemoveAdminModal } from './remove-admin-modal';

/** The admin table with Add New Admin (spec 2 section 2, Admin Management). */
export function AdminsSection() {
  const admins = useAdminList();
  useAdminEvents();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Admin | null>(null);
  const [removing, setRemoving] = useState<Admin | null>(null);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="admins-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h3" id="admins-title">
            Administrators
          </Title>
          <Button leftSection={<IconUserPlus size={18} aria-hidden="true" />} onClick={() => setAdding(true)}>
            Add New Admin
          </Button>
        </Group>
        {admins.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label={MESSAGES.loading} />
          </Center>
        ) : admins.isError ? (
          // Only logged by the query (spec 2 section 8); the table says it in place.
          <LoadError error={admins.error} title={MESSAGES.fetchAdminsFailed} onRetry={() => void admins.refetch()} />
        ) : admins.data.length === 0 ? (
          <Text c="dimmed">No admins found</Text>
        ) : (
          <>
            <Text size="sm">{ADMINS_ORDER_NOTE}</Text>
            <AdminTable admins={admins.data} onEdit={setEditing} onRemove={setRemoving} />
          </>
        )}
      </Stack>
      <AddAdminModal opened={adding} onClose={() => setAdding(false)} />
      <EditAdminModal admin={editing} onClose={() => setEditing(null)} />
      <RemoveAdminModal admin={removing} onClose={() => setRemoving(null)} />
    </Paper>
  );
}
