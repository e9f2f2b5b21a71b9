import { Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

function errorText(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'An unexpected error occurred.';
}

/** One broken screen shows this in its place; the shell around it keeps working. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return (
    <Stack align="center" gap="sm" py="xl" role="alert">
      <IconAlertTriangle size={40} aria-hidden="true" />
      <Title order={1}>Something went wrong</Title>
      <Text c="dimmed">{errorText(error)}</Text>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Stack>
  );
}
