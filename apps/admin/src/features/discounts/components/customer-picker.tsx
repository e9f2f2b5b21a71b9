import { DISCOUNT_SCREEN_TEXT, type DiscountAssignee, type User } from '@backroom/contract';
import { type ComboboxItem, Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useCustomerSearch } from '../api';
import { UNKNOWN_ASSIGNEE } from '../discount-screen';

/** The picker's own value for All users ('' in the form, null on the wire). */
const ALL = 'all';

type Customer = Pick<User, '_id' | 'name' | 'email'>;

const labelOf = (user: Customer) => (user.name ? `${user.name} (${user.email})` : user.email);

interface CustomerPickerProps {
  /** The form's value: '' all users, a user's id, or UNKNOWN_ASSIGNEE. */
  value: string;
  onChange: (value: string) => void;
  /** The code's assignee when editing, so its name shows before any search. */
  initial: DiscountAssignee | null;
  error?: string;
}

/**
 * Assigned To (spec 2 section 5): All users, or one customer searched by the server by name or
 * e-mail (GET /api/user/all?role=user&q=, 20 at a time), each shown with name and e-mail.
 */
export function CustomerPicker({ value, onChange, initial, error }: CustomerPickerProps) {
  const [chosen, setChosen] = useState<Customer | null>(() =>
    initial?._id ? { _id: initial._id, name: initial.name ?? '', email: initial.email ?? '' } : null,
  );
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), 250);

  const selected = value === '' ? ALL : value;
  const selectedLabel =
    selected === ALL
      ? DISCOUNT_SCREEN_TEXT.allUsers
      : selected === UNKNOWN_ASSIGNEE
        ? 'Unknown User'
        : chosen?._id === selected
          ? labelOf(chosen)
          : '';
  // The box shows the chosen option's label: that is no search.
  const query = debounced === selectedLabel ? '' : debounced;
  const customers = useCustomerSearch(query, opened);

  // The chosen customer first, so its name shows whatever the search found.
  const listed = new Map<string, Customer>();
  if (chosen && chosen._id === selected) listed.set(chosen._id, chosen);
  for (const user of customers.data ?? []) if (!listed.has(user._id)) listed.set(user._id, user);
  const options: ComboboxItem[] = [{ value: ALL, label: DISCOUNT_SCREEN_TEXT.allUsers }];
  if (selected === UNKNOWN_ASSIGNEE) options.push({ value: UNKNOWN_ASSIGNEE, label: 'Unknown User' });
  for (const user of listed.values()) options.push({ value: user._id, label: labelOf(user) });

  return (
    <Select
      label="Assigned To"
      description="All users, or one customer: type a name or an e-mail"
      searchable
      data={options}
      value={selected}
      allowDeselect={false}
      onChange={(next) => {
        if (next === null) return;
        const user = listed.get(next);
        if (user) setChosen(user);
        onChange(next === ALL ? '' : next);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already.
      filter={({ options: shown }) => shown}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={customers.isFetching ? 'Searching...' : 'No customers found'}
      rightSection={customers.isFetching ? <Loader size="xs" aria-label="Searching customers" /> : undefined}
      renderOption={({ option }) => {
        const user = listed.get(option.value);
        return user ? (
          <Stack gap={0}>
            <Text size="sm">{user.name || user.email}</Text>
            {user.name && (
              <Text size="xs" c="dimmed">
                {user.email}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm">{option.label}</Text>
        );
      }}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
      error={error}
    />
  );
}
