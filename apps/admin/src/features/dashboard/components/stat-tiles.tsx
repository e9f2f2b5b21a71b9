import { type DashboardTotals, formatDollars } from '@backroom/contract';
import { Group, Paper, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconAlertTriangle,
  IconChevronRight,
  IconClock,
  IconCurrencyDollar,
  IconPackage,
  IconShoppingCart,
  IconUsers,
} from '@tabler/icons-react';
import { useId } from 'react';
import classes from './stat-tiles.module.css';

interface TileContentProps {
  labelId: string;
  label: string;
  value: string;
  icon: typeof IconPackage;
  color: string;
  opens?: boolean;
}

function TileContent({ labelId, label, value, icon: Icon, color, opens = false }: TileContentProps) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <div className={classes.figure}>
        <Text id={labelId} size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <Text component="p" fz={26} fw={700} lh={1.3}>
          {value}
        </Text>
      </div>
      <Group gap={4} wrap="nowrap">
        <ThemeIcon variant="light" color={color} size="lg" radius="md" aria-hidden="true">
          <Icon size={20} />
        </ThemeIcon>
        {opens && <IconChevronRight size={16} aria-hidden="true" />}
      </Group>
    </Group>
  );
}

interface TileProps extends Omit<TileContentProps, 'labelId' | 'opens'> {
  /** Makes the tile a button, e.g. Out of Stock opening its popup. */
  onOpen?: () => void;
}

/** One figure, named by its label: a group, or a button when it opens something. */
function Tile({ onOpen, ...content }: TileProps) {
  const labelId = useId();
  return (
    <Paper withBorder radius="md" role="group" aria-labelledby={labelId} className={classes.tile}>
      {onOpen ? (
        <UnstyledButton className={`${classes.content} ${classes.button}`} onClick={onOpen} aria-haspopup="dialog">
          <TileContent labelId={labelId} opens {...content} />
        </UnstyledButton>
      ) : (
        <div className={classes.content}>
          <TileContent labelId={labelId} {...content} />
        </div>
      )}
    </Paper>
  );
}

interface StatTilesProps {
  totals: DashboardTotals;
  onOpenOutOfStock: () => void;
}

/** The six tiles of the Dashboard Overview (spec 2 section 2); Out of Stock opens its popup. */
export function StatTiles({ totals, onOpenOutOfStock }: StatTilesProps) {
  return (
    // Columns follow the room the tiles have, not the window: with the navbar open a row of six
    // leaves no space for a revenue in six figures.
    <SimpleGrid type="container" cols={{ base: 1, '420px': 2, '720px': 3, '1320px': 6 }} spacing="md">
      <Tile label="Total Products" value={String(totals.products)} icon={IconPackage} color="blue" />
      <Tile label="Total Orders" value={String(totals.orders)} icon={IconShoppingCart} color="violet" />
      <Tile label="Total Users" value={String(totals.users)} icon={IconUsers} color="cyan" />
      <Tile label="Total Revenue" value={formatDollars(totals.revenue)} icon={IconCurrencyDollar} color="green" />
      <Tile
        label="Out of Stock"
        value={String(totals.outOfStock)}
        icon={IconAlertTriangle}
        color="red"
        onOpen={onOpenOutOfStock}
      />
      <Tile label="Pending Orders" value={String(totals.pendingOrders)} icon={IconClock} color="yellow" />
    </SimpleGrid>
  );
}
