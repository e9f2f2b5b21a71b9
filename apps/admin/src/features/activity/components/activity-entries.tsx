import '../styles';
import { type ActivityListResponse, MESSAGES } from '@backroom/contract';
import { Button, Center, EmptyState, Group, Loader, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { LoadError } from '../../../components/load-error';
import { serverMessageOr } from '../../../lib/api-error';
import { ActivityEntryCard } from './activity-entry-card';

export const NO_ACTIVITY = 'No activity found';
const LOAD_FAILED = 'Failed to load activity';

interface ActivityEntriesProps {
  query: UseInfiniteQueryResult<InfiniteData<ActivityListResponse>>;
  /** The list's accessible name. */
  label: string;
  /** Inside a record's own section: a smaller empty state, and no record id on each entry. */
  compact?: boolean;
}

/**
 * A list of entries, newest first, from an infinite query: loading, the failure with 'Try again',
 * 'No activity found', and 'Load more' while older entries remain. Shared by the Activity screen
 * and a record's own section.
 */
export function ActivityEntries({ query, label, compact = false }: ActivityEntriesProps) {
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  if (query.isPending)
    return (
      <Center py={compact ? 'sm' : 'xl'}>
        <Loader size={compact ? 'sm' : 'md'} aria-label={MESSAGES.loading} />
      </Center>
    );
  return (
    <Stack gap="sm">
      {query.isError && (
        <LoadError
          error={query.error}
          title={serverMessageOr(query.error, LOAD_FAILED)}
          onRetry={() => void query.refetch()}
        />
      )}
      {entries.length === 0 ? (
        !query.isError &&
        (compact ? (
          <Text size="sm" c="dimmed">
            {NO_ACTIVITY}
          </Text>
        ) : (
          <EmptyState
            icon={<IconHistory size={32} aria-hidden="true" />}
            withIndicatorBackground
            title={NO_ACTIVITY}
            py="xl"
          />
        ))
      ) : (
        <Stack gap="xs" role="list" aria-label={label} aria-busy={query.isFetching}>
          {entries.map((entry) => (
            <ActivityEntryCard key={entry._id} entry={entry} showRecord={!compact} />
          ))}
        </Stack>
      )}
      {query.hasNextPage && (
        <Group justify="center">
          <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Load more
          </Button>
        </Group>
      )}
    </Stack>
  );
}
