import type { LoginChallengeResponse } from '@backroom/contract';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useLoginCode, useLoginSetup, useLoginSetupConfirm } from '../api';
import { AuthenticatorSetup } from './authenticator-setup';
import { CodeForm } from './code-form';
import { RecoveryCodes } from './recovery-codes';

interface StepProps {
  challenge: LoginChallengeResponse;
  onSignedIn: () => void;
  /** Back to the email and password. */
  onRestart: () => void;
}

function BackToLogin({ onRestart }: Pick<StepProps, 'onRestart'>) {
  return (
    <Button variant="subtle" onClick={onRestart}>
      Back to login
    </Button>
  );
}

function CodeStep({ challenge, onSignedIn, onRestart }: StepProps) {
  const submit = useLoginCode(challenge, { onSuccess: onSignedIn, onRestart });
  return (
    <>
      <CodeForm
        label="Authentication code"
        description="The 6-digit code from your authenticator app, or one of your recovery codes"
        submitLabel="Verify"
        allowRecovery
        pending={submit.isPending}
        onSubmit={(code) => submit.mutate(code)}
      />
      <BackToLogin onRestart={onRestart} />
    </>
  );
}

function SetupStep({ challenge, onSignedIn, onRestart }: StepProps) {
  const setup = useLoginSetup(challenge, { onRestart });
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const confirm = useLoginSetupConfirm(challenge, { onSuccess: setRecoveryCodes, onRestart });
  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} doneLabel="Continue" onDone={onSignedIn} />;
  return (
    <>
      {setup.data ? (
        <AuthenticatorSetup
          setup={setup.data}
          submitLabel="Turn on and sign in"
          pending={confirm.isPending}
          onConfirm={(code) => confirm.mutate(code)}
        />
      ) : (
        <Button onClick={() => setup.mutate()} loading={setup.isPending}>
          Set up two-factor sign-in
        </Button>
      )}
      <BackToLogin onRestart={onRestart} />
    </>
  );
}

/**
 * The login's second step after a right password: the code, or the set-up Admin Management
 * requires (docs/decisions/038-two-factor-sign-in.md). The challenge it carries is short-lived;
 * once it is gone the admin starts again from the password.
 */
export function LoginTwoFactorStep(props: StepProps) {
  const { challenge } = props;
  return (
    <Stack gap="md">
      <Text>{challenge.message}</Text>
      {challenge.next === 'twoFactorCode' ? <CodeStep {...props} /> : <SetupStep {...props} />}
    </Stack>
  );
}
