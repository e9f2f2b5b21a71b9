import { describe, expect, it } from 'vitest';
import { paletteShortcut } from './shortcut';

describe('paletteShortcut', () => {
  it('is Cmd+K on a Mac and Ctrl+K elsewhere, spelled for aria-keyshortcuts too', () => {
    expect(paletteShortcut(true)).toMatchObject({ text: 'Cmd+K', aria: 'Meta+K' });
    expect(paletteShortcut(false)).toMatchObject({ text: 'Ctrl+K', aria: 'Control+K' });
  });
});
