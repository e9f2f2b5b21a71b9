import { type CSSVariablesResolver, createTheme, Notification } from '@mantine/core';
import { createElement, type HTMLAttributes } from 'react';

const asDiv = (props: HTMLAttributes<HTMLDivElement>) => createElement('div', props);

/** Shade 8 gives buttons and links enough contrast for axe (TOOLCHAIN.md). */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Toasts' close buttons are icons only: give them a name.
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } }),
    // A dialog's header as a plain div: Mantine's <header> would be a second banner landmark beside
    // the shell's while a dialog is open (axe's landmark-no-duplicate-banner; TOOLCHAIN.md).
    // (renderRoot is a prop of the Box underneath, which the headers' own types do not list.)
    ModalHeader: { defaultProps: { renderRoot: asDiv } },
    DrawerHeader: { defaultProps: { renderRoot: asDiv } },
  },
});

/**
 * Darker placeholder, dimmed and error text than Mantine's defaults (gray 6, red 6), which fall
 * short of 4.5:1 on white: every form's field messages pass axe without a rule of their own.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});
