import type { Role, User } from '@backroom/contract';
import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { formatJoined } from '../../../lib/user-joined';
import { RoleControl } from './role-control';
import { UserActions, type UserModal } from './user-actions';
import classes from './user-list.module.css';

interface UserListProps {
  users: User[];
  /** The user whose role change is being sent, if any. */
  changingId: string | null;
  onRole: (user: User, role: Role) => void;
  onOpen: (user: User, modal: UserModal) => void;
}

function UserName({ user, onOpen }: { user: User; onOpen: (user: User, modal: UserModal) => void }) {
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      className={classes.name}
      style={{ color: 'var(--backroom-color-accent-text)', fontWeight: 600 }}
      onClick={() => onOpen(user, 'details')}
    >
      {user.name}
    </Anchor>
  );
}

/**
 * The users of the page: a table (Name, Email, Role, Joined, Actions) where there is room, cards
 * on small screens. Admins come first (the server's order) and are highlighted.
 */
export function UserList({ users, changingId, onRole, onOpen }: UserListProps) {
  return (
    <div className={classes.wrap}>
      <Table className={classes.table} verticalSpacing="xs" highlightOnHover aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Joined</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user._id} className={user.role === 'admin' ? classes.admin : undefined}>
              <Table.Td>
                <UserName user={user} onOpen={onOpen} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {user.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <RoleControl user={user} busy={changingId === user._id} onChange={(role) => onRole(user, role)} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatJoined(user._id)}</Text>
              </Table.Td>
              <Table.Td>
                <UserActions user={user} onOpen={(modal) => onOpen(user, modal)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <Stack className={classes.cards} gap="sm" role="list" aria-label="Users">
        {users.map((user) => (
          <Card
            key={user._id}
            withBorder
            radius="md"
            padding="sm"
            role="listitem"
            className={user.role === 'admin' ? classes.admin : undefined}
          >
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <UserName user={user} onOpen={onOpen} />
                {!user.isActive && (
                  <Badge color="gray.7" variant="filled" size="sm" tt="none">
                    Inactive
                  </Badge>
                )}
              </Group>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
              <Group justify="space-between" gap="xs">
                <RoleControl user={user} busy={changingId === user._id} onChange={(role) => onRole(user, role)} />
                <Text size="xs" c="dimmed">
                  Joined {formatJoined(user._id)}
                </Text>
              </Group>
              <UserActions user={user} onOpen={(modal) => onOpen(user, modal)} />
            </Stack>
          </Card>
        ))}
      </Stack>
    </div>
  );
}
