import type { User } from '@backroom/contract';
import { Button, Group } from '@mantine/core';
import { IconAddressBook, IconHeart, IconHistory, IconTrash } from '@tabler/icons-react';

export type UserModal = 'details' | 'history' | 'contact' | 'wishlist' | 'delete';

/**
 * History, Contact, Wishlist, Delete: each named with the user's name for screen readers. Outlined
 * buttons with the body's text colour and a coloured icon, readable in both schemes: the light
 * variant with a shade (blue.9) painted each label in its fill's own colour (blank pills), and
 * without one its teal label falls short of 4.5:1 on its fill.
 */
export function UserActions({ user, onOpen }: { user: User; onOpen: (modal: UserModal) => void }) {
  const actions = [
    { modal: 'history' as const, label: 'History', name: `History of ${user.name}`, icon: IconHistory, color: 'blue' },
    { modal: 'contact' as const, label: 'Contact', name: `Contact ${user.name}`, icon: IconAddressBook, color: 'teal' },
    { modal: 'wishlist' as const, label: 'Wishlist', name: `Wishlist of ${user.name}`, icon: IconHeart, color: 'pink' },
    { modal: 'delete' as const, label: 'Delete', name: `Delete ${user.name}`, icon: IconTrash, color: 'red' },
  ];
  return (
    <Group gap={6} wrap="wrap">
      {actions.map(({ modal, label, name, icon: Icon, color }) => (
        <Button
          key={modal}
          size="compact-sm"
          variant="default"
          aria-label={name}
          leftSection={<Icon size={14} aria-hidden="true" color={`var(--mantine-color-${color}-text)`} />}
          onClick={() => onOpen(modal)}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
