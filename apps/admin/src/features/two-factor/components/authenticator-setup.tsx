import type { TwoFactorSetupResponse } from '@backroom/contract';
import { Center, Image, Stack, Text, TextInput } from '@mantine/core';
import '../styles';
import { CodeForm } from './code-form';

interface AuthenticatorSetupProps {
  setup: Pick<TwoFactorSetupResponse, 'secret' | 'qrCode'>;
  submitLabel: string;
  pending: boolean;
  onConfirm: (code: string) => void;
}

/** The new secret as a QR code and as text, then the first code that confirms it. */
export function AuthenticatorSetup({ setup, submitLabel, pending, onConfirm }: AuthenticatorSetupProps) {
  return (
    <Stack gap="md">
      <Text size="sm">
        Scan this QR code with an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
        1Password, Aegis…), or type the secret key in it.
      </Text>
      <Center>
        <Image src={setup.qrCode} alt="QR code for your authenticator app" w={200} h={200} fit="contain" />
      </Center>
      <TextInput
        label="Secret key"
        readOnly
        value={setup.secret}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CodeForm
        label="6-digit code"
        description="The code your authenticator app shows now"
        submitLabel={submitLabel}
        pending={pending}
        onSubmit={onConfirm}
      />
    </Stack>
  );
}
