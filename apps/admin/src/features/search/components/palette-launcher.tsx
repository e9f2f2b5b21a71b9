import { ActionIcon, Button, Group, Kbd } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { palette } from '../palette-store';
import { paletteShortcut } from '../shortcut';
import { CommandPalette } from './command-palette';

/**
 * The top bar's way into the command palette for mouse and touch users ('Search (Ctrl+K)'): a
 * button with the shortcut from 576 px, an icon below; and the palette itself, whose shortcut
 * works on every screen of the shell.
 */
export function PaletteLauncher() {
  const shortcut = paletteShortcut();
  const name = `Search (${shortcut.text})`;
  return (
    <>
      <Button
        variant="default"
        visibleFrom="sm"
        onClick={palette.open}
        aria-label={name}
        aria-keyshortcuts={shortcut.aria}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={
          <Group gap={2} wrap="nowrap" aria-hidden="true">
            {shortcut.keys.map((key) => (
              <Kbd key={key} size="xs">
                {key}
              </Kbd>
            ))}
          </Group>
        }
      >
        Search
      </Button>
      <ActionIcon
        hiddenFrom="sm"
        variant="subtle"
        color="gray"
        size="lg"
        onClick={palette.open}
        aria-label={name}
        aria-keyshortcuts={shortcut.aria}
      >
        <IconSearch size={20} aria-hidden="true" />
      </ActionIcon>
      <CommandPalette />
    </>
  );
}
