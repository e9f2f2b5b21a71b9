import { ActionIcon, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

interface ProductSearchProps {
  value: string;
  onChange: (value: string) => void;
}

/** The search toggle: reveals 'Search products...'; closing it clears the search. */
export function ProductSearch({ value, onChange }: ProductSearchProps) {
  const [open, setOpen] = useState(value !== '');
  const [text, setText] = useState(value);
  const commit = useDebouncedCallback(onChange, 300);

  // The URL changed from elsewhere (Clear Filters, back button): show what it says.
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);

  const close = () => {
    commit.cancel();
    setText('');
    setOpen(false);
    if (value) onChange('');
  };

  if (!open) {
    return (
      <Tooltip label="Search">
        <ActionIcon variant="default" size="lg" aria-label="Search" onClick={() => setOpen(true)}>
          <IconSearch size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <TextInput
      aria-label="Search products"
      placeholder="Search products..."
      value={text}
      autoFocus
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={
        <ActionIcon variant="subtle" aria-label="Close search" onClick={close}>
          <IconX size={16} aria-hidden="true" />
        </ActionIcon>
      }
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value.trim());
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
      w={{ base: '100%', sm: 280 }}
    />
  );
}
