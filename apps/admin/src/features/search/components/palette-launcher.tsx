import { ActionIcon, Button, Kbd, VisuallyHidden } from '@mantine/core';
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
      {/* Named by its content, 'Search (Ctrl+K)' (the key shown is the same text, hidden from the name). */}
      <Button
        variant="default"
        visibleFrom="sm"
        onClick={palette.open}
        aria-keyshortcuts={shortcut.aria}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={
          <>
            <VisuallyHidden> ({shortcut.text})</VisuallyHidden>
            <Kbd size="xs" aria-hidden="true">
              {shortcut.text}
            </Kbd>
          </>
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
