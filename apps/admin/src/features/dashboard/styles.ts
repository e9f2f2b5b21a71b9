// Mantine's CSS for the components the dashboard uses (app/styles.ts loads the shell's); the
// out-of-stock dialog's with its own chunk (components/out-of-stock-modal.tsx).
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ThemeIcon.css';
