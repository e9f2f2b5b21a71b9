import './shell-styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { ShellLayout } from '../features/shell/components/shell-layout';
import { queryClient } from '../lib/query-client';

/**
 * The signed-in frame with the server cache around it: TanStack Query is loaded with the shell, not
 * with the login screen (docs/decisions/053-login-screen-weight.md).
 */
export function ShellScreen() {
  return (
    <QueryClientProvider client={queryClient}>
      <ShellLayout />
    </QueryClientProvider>
  );
}
