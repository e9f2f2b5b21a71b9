import { createSpotlight } from '@mantine/spotlight';

/** The command palette's own Spotlight store: open() and close() for the top bar's button and the screens. */
export const [paletteStore, palette] = createSpotlight();
