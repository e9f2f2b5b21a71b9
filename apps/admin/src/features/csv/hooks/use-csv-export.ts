import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type CsvCountBy, CsvCutError, fetchCsv, saveBlob } from '../fetch-csv';

export interface CsvExportRequest {
  /** The export's URL with the list's filter (exportUrl). */
  url: string;
  /** What the records are, plural: 'orders', 'products', 'users'. */
  noun: string;
  /** The name to save under if the server names none. */
  fallbackName: string;
  countBy?: CsvCountBy;
}

export interface CsvExportProgress {
  noun: string;
  done: number;
  /** Null until the server has answered, or when it did not say. */
  total: number | null;
}

/** The screen shows a new count at most this often: a render per 64 KB chunk would be wasted work. */
const PROGRESS_EVERY_MS = 100;

const figure = (value: number) => value.toLocaleString('en-US');

function failure(error: unknown): string {
  if (error instanceof CsvCutError) return error.message;
  return errorMessage(error, 'The export failed. Please try again.');
}

/**
 * One CSV export at a time for a screen: start downloads the file with the session's token while
 * counting its records, then saves it; cancel (or leaving the screen) aborts the download and
 * nothing is saved. Success and failure are told with the app's toasts.
 */
export function useCsvExport() {
  const [progress, setProgress] = useState<CsvExportProgress | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(async ({ url, noun, fallbackName, countBy = 'records' }: CsvExportRequest) => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setProgress({ noun, done: 0, total: null });
    let shownAt = 0;
    try {
      const file = await fetchCsv({
        url,
        fallbackName,
        countBy,
        signal: controller.signal,
        onStart: (total) => setProgress({ noun, done: 0, total }),
        onProgress: (done) => {
          const now = performance.now();
          if (now - shownAt < PROGRESS_EVERY_MS) return;
          shownAt = now;
          setProgress((current) => current && { ...current, done });
        },
      });
      if (controller.signal.aborted) return;
      setProgress((current) => current && { ...current, done: file.count });
      saveBlob(file.blob, file.fileName);
      notifySuccess(`Saved ${file.fileName}: ${figure(file.count)} ${noun}`);
    } catch (error) {
      if (!controller.signal.aborted) notifyError(failure(error));
    } finally {
      running.current = null;
      setProgress(null);
    }
  }, []);

  const cancel = useCallback(() => running.current?.abort(), []);

  return { progress, start, cancel };
}
