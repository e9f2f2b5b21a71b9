import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/** Searches the conversations by the participant's name or e-mail, on the server, as the admin types. */
export function ConversationSearch({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const [text, setText] = useState(value);
  const commit = useDebouncedCallback((next: string) => onChange(next.trim()), 300);
  return (
    <TextInput
      aria-label="Search conversations"
      placeholder="Search by name or e-mail"
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      type="search"
      p="sm"
    />
  );
}
