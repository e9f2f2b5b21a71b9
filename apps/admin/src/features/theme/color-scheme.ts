import { STORAGE_KEYS } from '@backroom/contract';
import { localStorageColorSchemeManager, type MantineColorScheme } from '@mantine/core';

/** A browser that never chose follows the system's setting (docs/decisions/040-dark-theme.md). */
export const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'auto';

/**
 * The choice is remembered per browser, under the app's own key; other tabs follow a change
 * through the storage event. public/color-scheme.js reads the same key before first paint.
 */
export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.colorScheme });
