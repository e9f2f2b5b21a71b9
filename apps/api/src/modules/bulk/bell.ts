import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { notify } from '../notifications/service';

export interface JobEnd {
  /** 'Products import', or 'Bulk status on orders'. */
  what: string;
  importing: boolean;
  failed: boolean;
  message: string | null;
  /** The queued job, whose result the notification opens; none for a run answered inline. */
  jobId?: string;
  /** An inline run's admin, who saw its answer: their copy is read from the start. */
  ranBy?: string;
}

/**
 * A bulk action's or an import's end on the bell (docs/decisions/056-notifications.md), queued or
 * inline: every admin who receives the kind hears of it. Never fails the run.
 */
export async function ringJobEnd(deps: { db: Db; log: FastifyBaseLogger }, end: JobEnd): Promise<void> {
  try {
    await notify(
      deps.db,
      {
        kind: end.importing ? 'import' : 'bulk',
        title: `${end.what} ${end.failed ? 'failed' : 'finished'}${end.message ? `: ${end.message}` : ''}`,
        subject: end.jobId ? { jobId: end.jobId } : {},
      },
      end.ranBy ? { readBy: [end.ranBy] } : {},
    );
  } catch (err) {
    deps.log.warn({ err, jobId: end.jobId }, 'notifications: could not ring the bell for a bulk run or import');
  }
}
