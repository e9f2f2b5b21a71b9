import '../styles';
import { MESSAGES } from '@backroom/contract';
import { Button, Center, Group, Loader, Stack } from '@mantine/core';
import { IconPlus, IconReceipt } from '@tabler/icons-react';
import { type ComponentProps, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { ScreenTitle } from '../../../components/screen-title';
import { ApiError } from '../../../lib/api-error';
import { useLoadedWhen } from '../../../lib/use-loaded-when';
import { useDashboardSummary } from '../api';
import type { OutOfStockModal as OutOfStockModalType } from '../components/out-of-stock-modal';
import type { OverviewFigures } from '../components/overview-figures';
import { useDashboardEvents } from '../hooks/use-dashboard-events';
import { loadOverviewFigures } from '../load-overview-figures';

/** The server's message, else the spec's default (spec 2 section 8). */
function failure(error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : MESSAGES.dashboardFailed;
}

type OutOfStockModalProps = ComponentProps<typeof OutOfStockModalType>;

const loadOutOfStockModal = () => import('../components/out-of-stock-modal').then((m) => m.OutOfStockModal);

/**
 * The out-of-stock list's dialog (Mantine's Modal, its focus trap and scroll lock) is fetched when
 * it is first opened, not with the Dashboard (docs/decisions/058-lighthouse-on-a-phone.md); once
 * there it stays mounted, so it closes as before. Drawn closed once before it opens (useLoadedWhen's
 * `ready`), so that closing it gives the focus back to the tile that opened it.
 */
function LazyOutOfStockModal(props: OutOfStockModalProps) {
  const [Modal, ready] = useLoadedWhen<OutOfStockModalProps>(props.opened, loadOutOfStockModal);
  return Modal ? <Modal {...props} opened={props.opened && ready} /> : null;
}

/** Whether this page has drawn the Dashboard's figures once (see DashboardRoute). */
let figuresDrawn = false;

/** The figures' component once its chunk is there (kept for the next visit). */
let loadedFigures: typeof OverviewFigures | null = null;

/**
 * The figures' code (components/overview-figures.tsx), asked for by the route's loader together with the
 * summary (app/signed-in.ts): the title is drawn without it. A failed fetch is thrown to the route's
 * error boundary, as a failed route chunk is.
 */
function useOverviewFigures(): typeof OverviewFigures | null {
  const [figures, setFigures] = useState(() => loadedFigures);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (figures) return;
    let current = true;
    loadOverviewFigures().then(
      (component) => {
        loadedFigures = component;
        if (current) setFigures(() => component);
      },
      (error: unknown) => {
        if (current) setFailure(() => error ?? new Error('the Dashboard figures failed to load'));
      },
    );
    return () => {
      current = false;
    };
  }, [figures]);
  if (failure) throw failure;
  return figures;
}

/** Dashboard Overview (spec 2 section 2): the six tiles, a 12-month chart, recent orders and shortcuts. */
export function DashboardRoute() {
  const summary = useDashboardSummary();
  const Figures = useOverviewFigures();
  const [outOfStockOpen, setOutOfStockOpen] = useState(false);
  useDashboardEvents();
  // The figures are drawn in a render of their own after the title (and after each new answer, after
  // what came with it): a deferred render, which React slices and yields from, where the answer's
  // arrival would otherwise draw the tiles, chart and table in one long task. On a phone that task
  // was 350-900 ms at the first load (docs/decisions/058-lighthouse-on-a-phone.md). At the page's
  // first Dashboard the title is painted before them; coming back, the cached figures come at once.
  // The figures' code is part of their first render: until it is there, the answer waits with it.
  const latest = (Figures && summary.data) || null;
  const data = useDeferredValue(latest, figuresDrawn ? latest : null);
  useEffect(() => {
    if (data) figuresDrawn = true;
  }, [data]);
  const figures = useMemo(
    () => data && Figures && <Figures summary={data} onOpenOutOfStock={() => setOutOfStockOpen(true)} />,
    [data, Figures],
  );

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

      {summary.isError && !summary.data && (
        <LoadError error={summary.error} title={failure(summary.error)} onRetry={() => void summary.refetch()} />
      )}

      {summary.isPending || (summary.data && !data) ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading dashboard" />
        </Center>
      ) : (
        data && (
          <>
            {figures}
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
