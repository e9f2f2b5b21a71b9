import './styles';
import type { BulkJob } from '@backroom/contract';
import { Paper, Progress, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { isFinished } from '../../lib/bulk/api';
import { useBulkJob } from '../../lib/bulk/use-bulk-job';
import type { BulkJobRef } from '../../lib/bulk/use-bulk-run';
import { formatCount } from './bulk-words';

interface BulkJobProgressProps {
  job: BulkJobRef;
  onEnd: (job: BulkJob) => void;
}

/** A running bulk job: a bar and 'done of total', until it ends (then `onEnd` with its last state). */
export function BulkJobProgress({ job, onEnd }: BulkJobProgressProps) {
  const current = useBulkJob(job.jobId);
  const done = current?.done ?? 0;
  const total = current?.total ?? job.total;
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;

  useEffect(() => {
    if (current && isFinished(current)) onEnd(current);
  }, [current, onEnd]);

  return (
    <Paper withBorder p="sm" radius="md" role="region" aria-label="Bulk action progress">
      <Stack gap={6}>
        <Text size="sm" aria-live="polite">
          {current?.state === 'queued' || !current ? 'Waiting to start: ' : 'Working: '}
          {`${formatCount(done)} of ${formatCount(total)}`}
        </Text>
        <Progress value={percent} aria-label={`${formatCount(done)} of ${formatCount(total)} done`} animated />
      </Stack>
    </Paper>
  );
}
