import { MESSAGES, type TwoFactorStatus } from '@backroom/contract';
import { Badge, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { ScreenTitle } from '../../../components/screen-title';
import { useTwoFactorStatus } from '../api';
import { DisableForm } from '../components/disable-form';
import { Enrolment } from '../components/enrolment';
import { RecoveryCodes } from '../components/recovery-codes';
import '../styles';

function EnabledState({ status }: { status: TwoFactorStatus }) {
  return (
    <Stack gap="md">
      <Text>
        Signing in asks for a code from your authenticator app after your password. Recovery codes left:{' '}
        <strong>{status.recoveryCodesLeft}</strong>.
      </Text>
      {status.required ? (
        <Text size="sm" c="dimmed">
          Two-factor sign-in is required for every admin (Admin Management), so it cannot be turned off.
        </Text>
      ) : (
        <Stack gap="xs">
          <Title order={3} size="h4">
            Turn off
          </Title>
          <DisableForm />
        </Stack>
      )}
    </Stack>
  );
}

/**
 * Two-factor sign-in for the signed-in admin (issue 14; docs/decisions/038-two-factor-sign-in.md),
 * reached from the account menu: set up with an authenticator app, the recovery codes shown once,
 * or turned off with the password and a code.
 */
export function TwoFactorRoute() {
  const status = useTwoFactorStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <Stack gap="lg" maw={640}>
      <div>
        <ScreenTitle>Two-factor sign-in</ScreenTitle>
        <Text c="dimmed">A code from your phone after your password</Text>
      </div>
      <Paper withBorder p="md" component="section" aria-labelledby="two-factor-state">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h3" id="two-factor-state">
              Authenticator app
            </Title>
            {status.data && (
              <Badge color={status.data.enabled ? 'teal.9' : 'gray.7'} variant="filled" tt="none" radius="sm">
                {status.data.enabled ? 'On' : 'Off'}
              </Badge>
            )}
          </Group>
          {recoveryCodes ? (
            <RecoveryCodes codes={recoveryCodes} doneLabel="Done" onDone={() => setRecoveryCodes(null)} />
          ) : status.isPending ? (
            <Center py="md">
              <Loader size="sm" aria-label={MESSAGES.loading} />
            </Center>
          ) : status.isError ? (
            <LoadError
              error={status.error}
              title="Failed to load two-factor sign-in"
              onRetry={() => void status.refetch()}
            />
          ) : status.data.enabled ? (
            <EnabledState status={status.data} />
          ) : (
            <Enrolment onEnabled={setRecoveryCodes} />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
