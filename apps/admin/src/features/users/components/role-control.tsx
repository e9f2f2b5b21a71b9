import type { Role, User } from '@backroom/contract';
import { Badge, Group, NativeSelect } from '@mantine/core';
import { roleLabel } from '../../../lib/role-label';

interface RoleControlProps {
  user: User;
  /** True while this user's change is being sent. */
  busy: boolean;
  onChange: (role: Role) => void;
}

/** The role as a badge and a User/Admin selector; choosing the other role sends the change. */
export function RoleControl({ user, busy, onChange }: RoleControlProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      {/* Never shrunk: the badge's word is whole at every width (it was cut to 'Ad…' at 1366 px). */}
      <Badge
        color={user.role === 'admin' ? 'violet.9' : 'gray.7'}
        variant="filled"
        radius="sm"
        tt="none"
        style={{ flexShrink: 0 }}
      >
        {roleLabel(user.role)}
      </Badge>
      <NativeSelect
        aria-label={`Role of ${user.name}`}
        size="xs"
        data={[
          { value: 'user', label: 'User' },
          { value: 'admin', label: 'Admin' },
        ]}
        value={user.role}
        disabled={busy}
        onChange={(event) => {
          const role = event.currentTarget.value as Role;
          if (role !== user.role) onChange(role);
        }}
        w={90}
      />
    </Group>
  );
}
