import { MESSAGES } from '@backroom/contract';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '../../../lib/notify';

async function copy(code: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(code);
    notifySuccess(MESSAGES.codeCopied);
  } catch {
    notifyError(MESSAGES.copyFailed);
  }
}

/** Puts the code on the clipboard: 'Code copied!' or 'Failed to copy'. */
export function CopyCodeButton({ code }: { code: string }) {
  return (
    <Tooltip label="Copy code">
      <ActionIcon variant="subtle" size="sm" aria-label={`Copy code ${code}`} onClick={() => void copy(code)}>
        <IconCopy size={16} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}
