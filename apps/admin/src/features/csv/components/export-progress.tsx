import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { exportProgressLabel, exportProgressPercent } from '../csv-progress';
import type { CsvExportProgress } from '../hooks/use-csv-export';

interface ExportProgressProps {
  progress: CsvExportProgress;
  onCancel: () => void;
}

/**
 * A running export, in a panel pinned to the bottom right (the toasts are top right): how many
 * records of how many, a bar, and Cancel. Without a total yet the bar is striped and moving.
 */
export function ExportProgress({ progress, onCancel }: ExportProgressProps) {
  const { done, total, noun } = progress;
  const label = exportProgressLabel(done, total, noun);
  return (
    <Paper
      withBorder
      shadow="md"
      p="md"
      radius="md"
      role="region"
      aria-label="CSV export"
      style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 300, width: 'min(360px, calc(100vw - 32px))' }}
    >
      <Stack gap="xs">
        <Text size="sm">{label}</Text>
        <Progress.Root size="lg">
          {total === null ? (
            <Progress.Section value={100} animated withAria={false} aria-label={label} role="progressbar" />
          ) : (
            <Progress.Section value={exportProgressPercent(done, total)} aria-label={`Export progress: ${label}`} />
          )}
        </Progress.Root>
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onCancel}>
            Cancel export
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
