// The Mantine CSS of what only the figures draw, with their chunk (the title's is in ../styles.ts).
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ThemeIcon.css';
import type { DashboardSummaryResponse } from '@backroom/contract';
import { Grid } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';
import { MonthlyChart } from './monthly-chart';
import { RecentOrders } from './recent-orders';
import { ShortcutCards } from './shortcut-cards';
import { StatTiles } from './stat-tiles';

/** The figures' parts, drawn one after the other at the page's first Dashboard (see OverviewFigures). */
const PARTS = 3;

/** Whether this page has drawn all the figures' parts once: from then on they come at once. */
let allPartsDrawn = false;

/**
 * The Dashboard's figures under its title: the six tiles, the chart, Recent Orders and the
 * shortcuts. A chunk of its own, asked for with the summary (app/signed-in.ts), so the title and
 * its buttons are drawn without waiting for it (decision 058). Recent Orders' table is written
 * out with Mantine's classes (orders-table-markup.tsx): Mantine's Table would bring ScrollArea
 * and all of floating-ui with it.
 *
 * At the page's first Dashboard the parts are committed one after the other, top to bottom (the
 * tiles, then the chart, then Recent Orders and the shortcuts), each in a transition started once
 * the one above is committed: a commit is not sliced by React, and the three in one were the
 * longest task after the first paint on a phone (decision 058). Each part is added below the last,
 * so nothing on screen moves; the tiles show sooner, and a tap is answered between the parts.
 */
export function OverviewFigures({
  summary,
  onOpenOutOfStock,
}: {
  summary: DashboardSummaryResponse;
  onOpenOutOfStock: () => void;
}) {
  const [parts, setParts] = useState(allPartsDrawn ? PARTS : 1);
  useEffect(() => {
    if (parts >= PARTS) {
      allPartsDrawn = true;
      return;
    }
    startTransition(() => setParts(parts + 1));
  }, [parts]);
  return (
    <>
      <StatTiles totals={summary.totals} onOpenOutOfStock={onOpenOutOfStock} />
      {parts >= 2 && <MonthlyChart monthly={summary.monthly} />}
      {parts >= 3 && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <RecentOrders orders={summary.recentOrders} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <ShortcutCards />
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
