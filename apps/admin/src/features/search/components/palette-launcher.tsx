import { ActionIcon, Button, Kbd, VisuallyHidden } from '@mantine/core';
import { useSpotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLoadedWhen } from '../../../lib/use-loaded-when';
import { palette, paletteStore } from '../palette-store';
import { paletteShortcut } from '../shortcut';

/** The palette's code (Spotlight, its Modal and input, the search's schemas): a chunk of its own. */
const loadCommandPalette = () => import('./command-palette').then((m) => m.CommandPalette);

/** Fetched ahead when the admin points at or focuses the button, so a click finds it there. */
const prefetchCommandPalette = () => {
  loadCommandPalette().catch(() => undefined);
};

/**
 * The palette itself, fetched and mounted the first time it is opened (the button, or Ctrl+K from
 * top-bar.tsx, opens its store) and kept mounted after: until then none of it is evaluated or drawn
 * with the shell (docs/decisions/058-lighthouse-on-a-phone.md). That first request is held (the store
 * closed) until the palette is mounted, then made again: Spotlight's modal notes what had the focus,
 * to give it back on closing, when it changes to open, not when it is mounted open.
 */
function LazyCommandPalette() {
  const { opened } = useSpotlight(paletteStore);
  const [requested, setRequested] = useState(false);
  useEffect(() => {
    if (!opened || requested) return;
    setRequested(true);
    palette.close();
  }, [opened, requested]);
  const [CommandPalette, ready] = useLoadedWhen(requested, loadCommandPalette);
  useEffect(() => {
    if (ready) palette.open();
  }, [ready]);
  return CommandPalette ? <CommandPalette /> : null;
}

/**
 * The top bar's way into the command palette for mouse and touch users ('Search (Ctrl+K)'): a
 * button with the shortcut from 576 px, an icon below; and the palette itself, whose shortcut
 * works on every screen of the shell (fetched when first opened).
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
        onPointerEnter={prefetchCommandPalette}
        onFocus={prefetchCommandPalette}
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
        onPointerEnter={prefetchCommandPalette}
        onFocus={prefetchCommandPalette}
        aria-label={name}
        aria-keyshortcuts={shortcut.aria}
      >
        <IconSearch size={20} aria-hidden="true" />
      </ActionIcon>
      <LazyCommandPalette />
    </>
  );
}
