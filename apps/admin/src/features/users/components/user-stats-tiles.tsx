import { formatDollars, type UserStatsResponse } from '@backroom/contract';
import { Paper, SimpleGrid, Text } from '@mantine/core';

/** Total Users, Active Users, Total Orders, Total Revenue: the server's counters, '...' while loading. */
export function UserStatsTiles({ stats }: { stats: UserStatsResponse | undefined }) {
  const tiles = [
    { label: 'Total Users', value: stats ? stats.totalUsers.toLocaleString('en-US') : '...' },
    { label: 'Active Users', value: stats ? stats.activeUsers.toLocaleString('en-US') : '...' },
    { label: 'Total Orders', value: stats ? stats.totalOrders.toLocaleString('en-US') : '...' },
    { label: 'Total Revenue', value: stats ? formatDollars(stats.totalRevenue) : '...' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" role="list" aria-label="User statistics">
      {tiles.map((tile) => (
        <Paper key={tile.label} withBorder p="md" radius="md" role="listitem">
          <Text size="sm" c="dimmed">
            {tile.label}
          </Text>
          <Text fw={700} size="xl" style={{ overflowWrap: 'anywhere' }}>
            {tile.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
