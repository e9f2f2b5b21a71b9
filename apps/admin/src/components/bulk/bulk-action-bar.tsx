import './styles';
import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BulkSelection } from '../../lib/bulk/use-bulk-selection';
import { type BulkNoun, countOf, formatCount } from './bulk-words';

interface BulkActionBarProps {
  selection: BulkSelection<unknown>;
  /** How many rows the filter matches. */
  total: number;
  noun: BulkNoun;
  /** The screen's action buttons. */
  children: ReactNode;
}

/**
 * Shown while rows are picked: how many, 'Select all 1,234 orders matching this filter' once the
 * whole page is picked, 'Clear selection', and the screen's actions.
 */
export function BulkActionBar({ selection, total, noun, children }: BulkActionBarProps) {
  if (selection.count === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" role="region" aria-label="Bulk actions">
      <Group justify="space-between" gap="sm">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600} aria-live="polite">
            {selection.all
              ? `All ${countOf(total, noun)} matching this filter selected`
              : `${formatCount(selection.count)} selected`}
          </Text>
          {selection.canSelectAll && (
            <Button variant="subtle" size="compact-sm" onClick={selection.selectAll}>
              {`Select all ${countOf(total, noun)} matching this filter`}
            </Button>
          )}
          <Button variant="subtle" size="compact-sm" onClick={selection.clear}>
            Clear selection
          </Button>
        </Group>
        <Group gap="xs" wrap="wrap">
          {children}
        </Group>
      </Group>
    </Paper>
  );
}
