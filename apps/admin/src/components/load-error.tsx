import { Alert, Button } from '@mantine/core';
import { showsLoadError } from '../lib/api-error';

interface LoadErrorProps {
  error: unknown;
  /** What the screen says went wrong (the spec's message for the call). */
  title: string;
  onRetry: () => void;
}

/**
 * A screen's failed load, with 'Try again'. Nothing for a refused token: the session ends with its
 * own message and the screen is about to leave.
 */
export function LoadError({ error, title, onRetry }: LoadErrorProps) {
  if (!showsLoadError(error)) return null;
  return (
    <Alert color="red" title={title}>
      <Button variant="light" color="red" size="xs" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
