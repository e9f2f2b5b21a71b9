import { Paper, Stack, Text } from '@mantine/core';
import { ScreenTitle } from '../../../components/screen-title';
import { useActivityList } from '../api';
import { ActivityEntries } from '../components/activity-entries';
import { ActivityFilters } from '../components/activity-filters';
import { useActivitySearchParams } from '../hooks/use-activity-search-params';

/**
 * Activity (issue 13): the log of every admin's changes and sign-ins, newest first, filtered by
 * admin, kind of record, record id and days, paged by the server ('Load more' reads older entries).
 * Reached from the account menu; the sidebar keeps the spec's ten entries.
 */
export function ActivityRoute() {
  const { filters, setFilters, clearFilters } = useActivitySearchParams();
  const list = useActivityList(filters);
  return (
    <Stack gap="lg">
      <div>
        <ScreenTitle>Activity</ScreenTitle>
        <Text c="dimmed">Who changed what, and when</Text>
      </div>
      <Paper withBorder p="md" radius="md">
        <ActivityFilters filters={filters} onChange={setFilters} onClear={clearFilters} />
      </Paper>
      <ActivityEntries query={list} label="Activity entries" />
    </Stack>
  );
}
