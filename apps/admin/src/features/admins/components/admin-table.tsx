import type { Admin } from '@backroom/contract';
import { ActionIcon, Badge, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconUserMinus } from '@tabler/icons-react';
import { roleLabel } from '../../../lib/role-label';
import { formatJoined } from '../../../lib/user-joined';

interface AdminTableProps {
  admins: Admin[];
  onEdit: (admin: Admin) => void;
  onRemove: (admin: Admin) => void;
}

/** Edit and Remove Admin, named with the admin's name. */
function AdminActions({ admin, onEdit, onRemove }: { admin: Admin } & Omit<AdminTableProps, 'admins'>) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Tooltip label="Edit">
        <ActionIcon variant="light" aria-label={`Edit ${admin.name}`} onClick={() => onEdit(admin)}>
          <IconPencil size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Remove admin">
        <ActionIcon
          variant="light"
          color="red"
          aria-label={`Remove admin ${admin.name}`}
          onClick={() => onRemove(admin)}
        >
          <IconUserMinus size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** 'Admin', as the Users screen writes the role. */
const RoleBadge = ({ admin }: { admin: Admin }) => (
  <Badge variant="light" color={admin.isActive ? 'blue' : 'gray'} tt="none" style={{ flexShrink: 0 }}>
    {roleLabel(admin.role)}
  </Badge>
);

/** The admin table (Name, Email, Role, Joined Date, Actions); cards below the md breakpoint (992 px), where the sidebar leaves the table too little room. */
export function AdminTable({ admins, onEdit, onRemove }: AdminTableProps) {
  return (
    <>
      <Table.ScrollContainer minWidth={0} visibleFrom="md">
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Joined Date</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {admins.map((admin) => (
              <Table.Tr key={admin._id}>
                <Table.Td>{admin.name}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{admin.email}</Table.Td>
                <Table.Td>
                  <RoleBadge admin={admin} />
                </Table.Td>
                <Table.Td>{formatJoined(admin._id)}</Table.Td>
                <Table.Td>
                  <AdminActions admin={admin} onEdit={onEdit} onRemove={onRemove} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack hiddenFrom="md" gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Admins">
        {admins.map((admin) => (
          <Card key={admin._id} withBorder component="li" padding="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} miw={0}>
                <Text fw={600}>{admin.name}</Text>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {admin.email}
                </Text>
                <Group gap="xs">
                  <RoleBadge admin={admin} />
                  <Text size="sm" c="dimmed">
                    Joined {formatJoined(admin._id)}
                  </Text>
                </Group>
              </Stack>
              <AdminActions admin={admin} onEdit={onEdit} onRemove={onRemove} />
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
