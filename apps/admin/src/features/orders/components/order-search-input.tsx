import { ORDER_SEARCH_FIELD_LABELS, type OrderSearchField } from '@backroom/contract';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

interface OrderSearchInputProps {
  searchBy: OrderSearchField;
  value: string;
  onChange: (value: string) => void;
}

/** The text search: the screen searches 300 ms after the last key. */
export function OrderSearchInput({ searchBy, value, onChange }: OrderSearchInputProps) {
  const [text, setText] = useState(value);
  // The last text this box sent: a different value comes from elsewhere (Clear Filters, Back).
  const sent = useRef(value);
  const send = (next: string) => {
    sent.current = next;
    onChange(next);
  };
  const commit = useDebouncedCallback(send, 300);

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    commit.cancel();
    setText(value);
  }, [value, commit]);

  const label = ORDER_SEARCH_FIELD_LABELS[searchBy];
  return (
    <TextInput
      label="Search"
      placeholder={`Search by ${label}...`}
      value={text}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={
        text ? (
          <CloseButton
            aria-label="Clear search"
            onClick={() => {
              commit.cancel();
              setText('');
              send('');
            }}
          />
        ) : null
      }
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
    />
  );
}
