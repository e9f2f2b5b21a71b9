import './styles';
import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import type { BulkRun } from '../../lib/bulk/use-bulk-run';
import { BulkJobProgress } from './bulk-job-progress';

const TONES = {
  success: { color: 'green', title: 'Bulk action done', icon: IconCheck },
  warning: { color: 'yellow', title: 'Bulk action done, some rows skipped', icon: IconAlertTriangle },
  error: { color: 'red', title: 'Bulk action stopped', icon: IconX },
} as const;

/** A job's progress while it runs, then the result line ('1,204 updated, 3 skipped: …') until dismissed. */
export function BulkRunStatus({ run }: { run: BulkRun<unknown> }) {
  if (run.job) return <BulkJobProgress key={run.job.jobId} job={run.job} onEnd={run.finishJob} />;
  if (!run.outcome) return null;
  const tone = TONES[run.outcome.tone];
  const Icon = tone.icon;
  return (
    <Alert
      color={tone.color}
      title={tone.title}
      icon={<Icon size={18} aria-hidden="true" />}
      // The title in the body's colour: the tone's own (light variant) is too faint to read (axe).
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      withCloseButton
      closeButtonLabel="Dismiss result"
      onClose={run.dismiss}
    >
      {run.outcome.message}
    </Alert>
  );
}
