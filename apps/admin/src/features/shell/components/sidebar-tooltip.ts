/** Mantine's Tooltip (with floating-ui) as a chunk of its own, for the collapsed sidebar (sidebar-entry.tsx). */
export { Tooltip } from '@mantine/core';
