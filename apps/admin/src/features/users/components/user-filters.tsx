import type { Role } from '@backroom/contract';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

interface UserFiltersProps {
  q: string;
  role: Role | '';
  onSearch: (q: string) => void;
  onRole: (role: Role | '') => void;
}

const ROLE_OPTIONS = [
  { value: '', label: 'All Roles' },
  { value: 'admin', label: 'Admins' },
  { value: 'user', label: 'Users' },
];

/** 'Search users...' (name or e-mail, searched by the server as the admin types) and the role filter. */
export function UserFilters({ q, role, onSearch, onRole }: UserFiltersProps) {
  const [text, setText] = useState(q);
  const commit = useDebouncedCallback(onSearch, 300);

  // The URL changed from elsewhere (back button): show what it says.
  useEffect(() => {
    setText((current) => (current.trim() === q ? current : q));
  }, [q]);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        aria-label="Search users"
        placeholder="Search users..."
        value={text}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        onChange={(event) => {
          setText(event.currentTarget.value);
          commit(event.currentTarget.value.trim());
        }}
        style={{ flex: '1 1 220px' }}
      />
      <NativeSelect
        aria-label="Filter by role"
        data={ROLE_OPTIONS}
        value={role}
        onChange={(event) => onRole(event.currentTarget.value as Role | '')}
        style={{ flex: '0 0 150px' }}
      />
    </Group>
  );
}
