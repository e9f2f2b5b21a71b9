/*
 * Runs before first paint (a blocking script in index.html's head): marks <html> with the colour
 * scheme the app will use, so a dark page never flashes white while the app loads. The same
 * attribute and rule as Mantine's ColorSchemeScript. The build writes this file inline into
 * index.html (inline-color-scheme.ts), and the Content-Security-Policy allows it by its hash
 * (COLOR_SCHEME_SCRIPT_CSP in the contract): any change here changes that hash (decision 058).
 * The key is STORAGE_KEYS.colorScheme and the default 'auto' is the provider's
 * (src/features/theme/color-scheme.ts); color-scheme-script.test.ts keeps the three in step.
 */
(() => {
  let scheme = 'auto';
  try {
    const stored = window.localStorage.getItem('admin_color_scheme');
    if (stored === 'light' || stored === 'dark' || stored === 'auto') scheme = stored;
  } catch {
    // Storage refused: the default.
  }
  if (scheme === 'auto') {
    scheme = window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
