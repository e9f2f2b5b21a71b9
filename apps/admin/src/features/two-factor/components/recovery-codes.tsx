import { Button, Code, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import '../styles';

interface RecoveryCodesProps {
  codes: string[];
  doneLabel: string;
  onDone: () => void;
}

/** The recovery codes, shown this once: each signs in once instead of a code. */
export function RecoveryCodes({ codes, doneLabel, onDone }: RecoveryCodesProps) {
  return (
    <Stack gap="md">
      <div>
        <Text fw={700}>Save your recovery codes</Text>
        <Text size="sm">
          Keep them somewhere safe, away from your phone. Each one signs you in once if you lose your authenticator app.
          They are shown only now.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" role="list" aria-label="Recovery codes">
        {codes.map((code) => (
          <Code key={code} role="listitem" fz="md" ta="center">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group justify="space-between">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{doneLabel}</Button>
      </Group>
      <Text size="xs" c="dimmed">
        {codes.length} codes
      </Text>
    </Stack>
  );
}
