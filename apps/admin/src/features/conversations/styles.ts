// Mantine's CSS for the components the Messages screen uses (app/styles.ts loads the shell's).
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Divider.css';
