// Mantine's CSS for the components the activity entries use (app/styles.ts loads the shell's).
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Spoiler.css';
