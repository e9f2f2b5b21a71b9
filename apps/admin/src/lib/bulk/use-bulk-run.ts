import { type BulkJob, type BulkResult, bulkResultMessage } from '@backroom/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useStartBulk } from './api';

/** The line a finished action leaves on the screen, and how it reads. */
export interface BulkOutcome {
  tone: 'success' | 'warning' | 'error';
  message: string;
}

export interface BulkJobRef {
  jobId: string;
  total: number;
}

const outcomeOf = (result: BulkResult, message: string | null): BulkOutcome => ({
  tone: result.skipped > 0 ? 'warning' : 'success',
  message: message ?? bulkResultMessage(result),
});

/** What an ended job says: its result line, or why it stopped and what was done. */
export function jobOutcome(job: BulkJob): BulkOutcome {
  if (job.state === 'failed') {
    const done = bulkResultMessage(job.result, job.kind === 'delete' ? 'deleted' : 'updated');
    return { tone: 'error', message: `${job.message ?? 'The job failed'} (${done})` };
  }
  return outcomeOf(job.result, job.message);
}

export interface BulkRun<Body> {
  /** Starts the action; `onStarted` runs once the server took it (done, or queued as a job). */
  run(body: Body, onStarted?: () => void): void;
  /** The call is on its way. */
  starting: boolean;
  /** The job being followed, while it runs. */
  job: BulkJobRef | null;
  /** The last result line, until dismissed or the next action. */
  outcome: BulkOutcome | null;
  finishJob(job: BulkJob): void;
  dismiss(): void;
}

/**
 * One bulk action at a time on a list screen: the call; a result at once (one transaction) or a job
 * to follow; at the end the result line, the list's queries refreshed once and `onEnd` (e.g. clear
 * the selection). The server's own ordersUpdated / productsUpdated refreshes the other screens.
 */
export function useBulkRun<Body>(path: string, listKey: QueryKey, onEnd: () => void): BulkRun<Body> {
  const queryClient = useQueryClient();
  const start = useStartBulk<Body>(path);
  const [job, setJob] = useState<BulkJobRef | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);

  const end = useCallback(
    (next: BulkOutcome) => {
      setOutcome(next);
      void queryClient.invalidateQueries({ queryKey: listKey });
      onEnd();
    },
    [queryClient, listKey, onEnd],
  );

  const run = (body: Body, onStarted?: () => void) => {
    setOutcome(null);
    start.mutate(body, {
      onSuccess: (answer) => {
        onStarted?.();
        if ('jobId' in answer) {
          setJob({ jobId: answer.jobId, total: answer.total });
          onEnd();
        } else {
          end(outcomeOf(answer.result, answer.message));
        }
      },
    });
  };

  const finishJob = useCallback(
    (finished: BulkJob) => {
      setJob(null);
      end(jobOutcome(finished));
    },
    [end],
  );

  return { run, starting: start.isPending, job, outcome, finishJob, dismiss: () => setOutcome(null) };
}
