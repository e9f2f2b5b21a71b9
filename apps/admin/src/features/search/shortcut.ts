/** Whether the browser runs on a Mac, where the palette's shortcut is Cmd+K rather than Ctrl+K. */
export function isMac(): boolean {
  if (typeof navigator === 'undefined') return false;
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform;
  return /mac|iphone|ipad/i.test(platform);
}

/** The shortcut as the button's name says it, and as aria-keyshortcuts spells it. */
export function paletteShortcut(mac = isMac()) {
  return mac ? { text: 'Cmd+K', aria: 'Meta+K' } : { text: 'Ctrl+K', aria: 'Control+K' };
}
