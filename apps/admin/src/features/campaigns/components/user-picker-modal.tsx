import { MESSAGES, type User } from '@backroom/contract';
import { Button, Checkbox, Group, Loader, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { PageNumbers } from '../../../components/list-view/page-numbers';
import { recipientsQueryOptions, useRecipients } from '../api';

const PAGE_SIZE = 20;
/** A search's results are selected whole up to this many (fetched 100 a page); beyond, page by page. */
const SELECT_RESULTS_MAX = 1000;

interface UserPickerModalProps {
  opened: boolean;
  selected: ReadonlyMap<string, User>;
  onClose: () => void;
  onConfirm: (selected: Map<string, User>) => void;
}

/**
 * Select Users: the server searches and pages the customers (fast at 100k), the selection is kept
 * across pages and searches; Select All takes the page shown, Clear All empties the selection.
 */
export function UserPickerModal({ opened, selected, onClose, onConfirm }: UserPickerModalProps) {
  const [draft, setDraft] = useState(() => new Map(selected));
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [query] = useDebouncedValue(q.trim(), 250);
  const { data, isFetching, isError } = useRecipients({ q: query || undefined, page, pageSize: PAGE_SIZE }, opened);
  const users = data?.users ?? [];
  const queryClient = useQueryClient();
  const [selectingResults, setSelectingResults] = useState(false);
  const canSelectResults =
    Boolean(query) && data !== undefined && data.total > users.length && data.total <= SELECT_RESULTS_MAX;

  const selectResults = async () => {
    setSelectingResults(true);
    try {
      const found: User[] = [];
      for (let p = 1; found.length < (data?.total ?? 0); p += 1) {
        const answer = await queryClient.fetchQuery(recipientsQueryOptions({ q: query, page: p, pageSize: 100 }));
        found.push(...answer.users);
        if (answer.users.length < 100) break;
      }
      setDraft((current) => {
        const next = new Map(current);
        for (const user of found) next.set(user._id, user);
        return next;
      });
    } finally {
      setSelectingResults(false);
    }
  };

  useEffect(() => {
    if (opened) setDraft(new Map(selected));
  }, [opened, selected]);

  const toggle = (user: User, on: boolean) =>
    setDraft((current) => {
      const next = new Map(current);
      if (on) next.set(user._id, user);
      else next.delete(user._id);
      return next;
    });

  return (
    <Dialog opened={opened} onClose={onClose} title="Select Users" size="lg">
      <Stack gap="sm">
        <TextInput
          label="Search users"
          placeholder="Search users..."
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(1);
          }}
          rightSection={isFetching ? <Loader size="xs" aria-label="Loading" /> : null}
        />
        <Group justify="space-between">
          <Group gap="xs">
            <Button
              variant="light"
              size="xs"
              disabled={users.length === 0}
              onClick={() =>
                setDraft((current) => {
                  const next = new Map(current);
                  for (const user of users) next.set(user._id, user);
                  return next;
                })
              }
            >
              Select All
            </Button>
            {canSelectResults ? (
              <Button variant="light" size="xs" loading={selectingResults} onClick={() => void selectResults()}>
                Select all {data?.total} results
              </Button>
            ) : null}
            <Button variant="default" size="xs" disabled={draft.size === 0} onClick={() => setDraft(new Map())}>
              Clear All
            </Button>
          </Group>
          <Text size="sm" aria-live="polite">
            {draft.size} selected{data ? ` · ${data.total} found` : ''}
          </Text>
        </Group>
        <ScrollArea.Autosize mah={360}>
          <Stack gap={6} role="group" aria-label="Users">
            {isError ? <Text c="var(--mantine-color-error)">{MESSAGES.fetchUsersFailed}</Text> : null}
            {!isError && data && users.length === 0 ? <Text c="dimmed">{MESSAGES.noUsers}</Text> : null}
            {!data && !isError ? <Text c="dimmed">{MESSAGES.loading}</Text> : null}
            {users.map((user) => (
              <Checkbox
                key={user._id}
                checked={draft.has(user._id)}
                onChange={(e) => toggle(user, e.currentTarget.checked)}
                label={
                  <span>
                    {user.name || 'Unnamed User'}{' '}
                    <Text span c="dimmed" size="sm">
                      {user.email}
                    </Text>
                  </span>
                }
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <PageNumbers
          size="sm"
          label="User pages"
          page={page}
          pageSize={PAGE_SIZE}
          total={data?.total ?? 0}
          onPage={setPage}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => onConfirm(draft)}>Confirm Selection</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
