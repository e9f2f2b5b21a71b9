import { Button, Stack, Text } from '@mantine/core';
import { useEnableTwoFactor, useStartSetup } from '../api';
import { AuthenticatorSetup } from './authenticator-setup';

/** Two-factor sign-in off: set it up, then the first code turns it on and the recovery codes follow. */
export function Enrolment({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const setup = useStartSetup();
  const enable = useEnableTwoFactor({ onSuccess: onEnabled });
  if (!setup.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text>
          Two-factor sign-in is off. With it on, signing in asks for a code from an authenticator app on your phone
          after your password.
        </Text>
        <Button onClick={() => setup.mutate()} loading={setup.isPending}>
          Set up two-factor sign-in
        </Button>
      </Stack>
    );
  }
  return (
    <AuthenticatorSetup
      setup={setup.data}
      submitLabel="Turn on"
      pending={enable.isPending}
      onConfirm={(code) => enable.mutate(code)}
    />
  );
}
