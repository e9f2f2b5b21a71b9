import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** A client error will not fix itself: retry only when the server failed or could not be reached. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && !error.isServerFailure) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: shouldRetry },
    mutations: { retry: false },
  },
});
