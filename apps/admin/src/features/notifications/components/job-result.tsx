import { Loader, Stack, Text } from '@mantine/core';
import { formatCount } from '../../../components/bulk/bulk-words';
import { useBulkJob } from '../../../lib/bulk/use-bulk-job';

const STATE_WORDS = {
  queued: 'Waiting to start',
  running: 'Running',
  completed: 'Finished',
  failed: 'Failed',
} as const;

/** A bulk job's or an import's result, opened from its notification (GET /api/bulk/{jobId}). */
export function JobResult({ jobId }: { jobId: string }) {
  const job = useBulkJob(jobId);
  if (!job) return <Loader size="sm" aria-label="Loading the job" />;
  const what = job.kind === 'import' ? 'Products import' : `Bulk ${job.kind} on ${job.target}`;
  return (
    <Stack gap="xs">
      <Text fw={600}>
        {what}: {STATE_WORDS[job.state as keyof typeof STATE_WORDS] ?? job.state}
      </Text>
      <Text size="sm">
        {formatCount(job.done)} of {formatCount(job.total)} handled: {formatCount(job.result.updated)} changed,{' '}
        {formatCount(job.result.skipped)} skipped
      </Text>
      {job.result.reasons.map((r) => (
        <Text size="sm" key={r.reason}>
          {formatCount(r.count)} {r.reason}
        </Text>
      ))}
      {job.message && <Text size="sm">{job.message}</Text>}
    </Stack>
  );
}
