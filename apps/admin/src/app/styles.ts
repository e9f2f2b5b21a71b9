// Mantine's CSS per component (TOOLCHAIN.md): the base layers first, then the components the login
// screen and the two-factor step draw. This is the one render-blocking stylesheet; what only the
// signed-in app draws is in app/shell-styles.ts (loaded with the shell), the toasts' in toast-host.tsx
// (docs/decisions/058-lighthouse-on-a-phone.md).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
// The theme's own variables, written at build rather than computed as the app starts (decision 058).
import 'virtual:mantine-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/VisuallyHidden.css';
