// The Mantine CSS of what only the figures draw, with their chunk (the title's is in ../styles.ts).
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ThemeIcon.css';
import type { DashboardSummaryResponse } from '@backroom/contract';
import { Grid } from '@mantine/core';
import { MonthlyChart } from './monthly-chart';
import { RecentOrders } from './recent-orders';
import { ShortcutCards } from './shortcut-cards';
import { StatTiles } from './stat-tiles';

/**
 * The Dashboard's figures under its title: the six tiles, the chart, Recent Orders and the
 * shortcuts. A chunk of its own, asked for with the summary (app/signed-in.ts), so the title and
 * its buttons are drawn without waiting for it (decision 058). Recent Orders' table is written
 * out with Mantine's classes (orders-table-markup.tsx): Mantine's Table would bring ScrollArea
 * and all of floating-ui with it.
 */
export function OverviewFigures({
  summary,
  onOpenOutOfStock,
}: {
  summary: DashboardSummaryResponse;
  onOpenOutOfStock: () => void;
}) {
  return (
    <>
      <StatTiles totals={summary.totals} onOpenOutOfStock={onOpenOutOfStock} />
      <MonthlyChart monthly={summary.monthly} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <RecentOrders orders={summary.recentOrders} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <ShortcutCards />
        </Grid.Col>
      </Grid>
    </>
  );
}
