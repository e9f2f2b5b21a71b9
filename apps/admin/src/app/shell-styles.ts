// Mantine's CSS for what only the signed-in app draws (the top bar's menus and popovers, the sidebar,
// the lists' empty states), loaded with the shell's chunk rather than in the render-blocking
// stylesheet of every page (app/styles.ts, docs/decisions/058-lighthouse-on-a-phone.md).
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/EmptyState.css';
