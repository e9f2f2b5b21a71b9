import { Dialog } from '../../../components/dialog';
import { JobResult } from './job-result';

/**
 * A job's result in a dialog, opened from its notification in the bell. With the bulk jobs' client
 * and the products' schemas behind it, a chunk of its own, fetched when one is first opened, not with
 * the bell, which loads with the top bar on every signed-in screen (docs/decisions/058-lighthouse-on-a-phone.md).
 */
export function JobResultDialog({ jobId, onClose }: { jobId: string | null; onClose: () => void }) {
  return (
    <Dialog opened={jobId !== null} title="Job result" onClose={onClose}>
      {jobId && <JobResult jobId={jobId} />}
    </Dialog>
  );
}
