// Mantine's CSS for the command palette (app/styles.ts loads the shell's).
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Kbd.css';
import '@mantine/spotlight/styles.css';
