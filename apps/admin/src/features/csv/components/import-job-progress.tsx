import { importJobResult, importResultMessage } from '@backroom/contract';
import { Alert, Button, Progress, Stack, Text } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-error';
import { useImportJob } from '../api';

const figure = (value: number) => value.toLocaleString('en-US');

interface ImportJobProgressProps {
  jobId: string;
  total: number;
  /** After a failure: preview the same file again (the job rolled back, so nothing was imported). */
  onPreviewAgain: () => void;
  /** The product lists' query key, refreshed when the job ends. */
  listKey: QueryKey;
}

/**
 * An import running as a job: a bar until it ends, then what it did. A job runs in one
 * transaction (decision 036), so a failed one imported nothing: say why, and offer a new preview.
 */
export function ImportJobProgress({ jobId, total, onPreviewAgain, listKey }: ImportJobProgressProps) {
  const query = useImportJob(jobId, listKey);
  const job = query.data;

  if (query.isError && !job) {
    return (
      <Alert color="red" title="The import's progress could not be read">
        {errorMessage(query.error, 'Please reload the product list to see what changed.')}
      </Alert>
    );
  }
  if (job?.state === 'completed') {
    return (
      <Alert color="green" title="Import done" role="status">
        {importResultMessage(importJobResult(job))}
      </Alert>
    );
  }
  if (job?.state === 'failed') {
    return (
      <Alert color="red" title="The import failed">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{job.message ?? 'The import failed; nothing was imported.'}</Text>
          <Button size="xs" variant="light" color="red" onClick={onPreviewAgain}>
            Preview again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const done = job?.done ?? 0;
  const of = job?.total ?? total;
  const label = `Importing ${figure(Math.min(done, of))} of ${figure(of)} products`;
  return (
    <Stack gap="xs">
      <Text size="sm">{label}</Text>
      <Progress.Root size="lg">
        <Progress.Section value={of > 0 ? Math.min(100, Math.floor((done / of) * 100)) : 0} aria-label={label} />
      </Progress.Root>
      <Text size="sm" c="dimmed">
        The import runs on the server: you may close this window, the product list refreshes when it ends.
      </Text>
    </Stack>
  );
}
