import '../styles';
import { MESSAGES } from '@backroom/contract';
import { Button, Center, Grid, Group, Loader, Stack } from '@mantine/core';
import { IconPlus, IconReceipt } from '@tabler/icons-react';
import { type ComponentProps, type ComponentType, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { ScreenTitle } from '../../../components/screen-title';
import { ApiError } from '../../../lib/api-error';
import { useDashboardSummary } from '../api';
import { MonthlyChart } from '../components/monthly-chart';
import type { OutOfStockModal as OutOfStockModalType } from '../components/out-of-stock-modal';
import { RecentOrders } from '../components/recent-orders';
import { ShortcutCards } from '../components/shortcut-cards';
import { StatTiles } from '../components/stat-tiles';
import { useDashboardEvents } from '../hooks/use-dashboard-events';

/** The server's message, else the spec's default (spec 2 section 8). */
function failure(error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : MESSAGES.dashboardFailed;
}

type OutOfStockModalProps = ComponentProps<typeof OutOfStockModalType>;

/**
 * The out-of-stock list's dialog (Mantine's Modal, its focus trap and scroll lock) is fetched when
 * it is first opened, not with the Dashboard (docs/decisions/058-lighthouse-on-a-phone.md); once
 * there it stays mounted, so it closes as before. Loaded by hand rather than with lazy() and
 * Suspense, whose retry waits on a timer (as the toast host, app/providers.tsx).
 */
function LazyOutOfStockModal(props: OutOfStockModalProps) {
  const [Modal, setModal] = useState<ComponentType<OutOfStockModalProps> | null>(null);
  useEffect(() => {
    if (!props.opened || Modal) return;
    import('../components/out-of-stock-modal').then(
      (m) => setModal(() => m.OutOfStockModal),
      (error: unknown) => console.error(error),
    );
  }, [props.opened, Modal]);
  return Modal ? <Modal {...props} /> : null;
}

/** Dashboard Overview (spec 2 section 2): the six tiles, a 12-month chart, recent orders and shortcuts. */
export function DashboardRoute() {
  const summary = useDashboardSummary();
  const [outOfStockOpen, setOutOfStockOpen] = useState(false);
  useDashboardEvents();
  const data = summary.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <ScreenTitle>Dashboard Overview</ScreenTitle>
        <Group gap="sm">
          <Button component={Link} to="/add" leftSection={<IconPlus size={16} aria-hidden="true" />}>
            Add Product
          </Button>
          <Button
            component={Link}
            to="/orders"
            variant="default"
            leftSection={<IconReceipt size={16} aria-hidden="true" />}
          >
            View Orders
          </Button>
        </Group>
      </Group>

      {summary.isError && !data && (
        <LoadError error={summary.error} title={failure(summary.error)} onRetry={() => void summary.refetch()} />
      )}

      {summary.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading dashboard" />
        </Center>
      ) : (
        data && (
          <>
            <StatTiles totals={data.totals} onOpenOutOfStock={() => setOutOfStockOpen(true)} />
            <MonthlyChart monthly={data.monthly} />
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, lg: 8 }}>
                <RecentOrders orders={data.recentOrders} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 4 }}>
                <ShortcutCards />
              </Grid.Col>
            </Grid>
            <LazyOutOfStockModal
              opened={outOfStockOpen}
              onClose={() => setOutOfStockOpen(false)}
              products={data.outOfStockProducts}
              total={data.totals.outOfStock}
            />
          </>
        )
      )}
    </Stack>
  );
}
