// Mantine's CSS for the components the dashboard's title and failure use (app/styles.ts loads the
// shell's); the figures' with their chunk (components/overview-figures.tsx), the out-of-stock
// dialog's with its own (components/out-of-stock-modal.tsx).
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
