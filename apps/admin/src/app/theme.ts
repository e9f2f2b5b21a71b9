import { type CSSVariablesResolver, createTheme } from '@mantine/core';
import { createElement, type HTMLAttributes } from 'react';

const asDiv = (props: HTMLAttributes<HTMLDivElement>) => createElement('div', props);

/** Shade 8 gives buttons and links enough contrast for axe (TOOLCHAIN.md). */
export const theme = createTheme({
  primaryColor: 'blue',
  // Someone who asks their system for less motion gets dialogs, menus and toasts without their
  // fades and slides (Mantine ignores the wish by default); the browser tests ask for it too, so no
  // test waits on a transition (docs/decisions/042-browser-suite.md).
  respectReducedMotion: true,
  primaryShade: 8,
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Toasts' close buttons are icons only: give them a name.
    // (Plain objects rather than Notification.extend(): the theme is on the login screen's first load,
    // and .extend() would bring each component's code there; decision 053.)
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // Every spinner is named ('Loading products'); a name on a plain <span> is not allowed (axe's
    // aria-prohibited-attr, seen in the Select Users picker while it searched): a status it is.
    Loader: { defaultProps: { role: 'status' } },
    // A dialog's header as a plain div: Mantine's <header> would be a second banner landmark beside
    // the shell's while a dialog is open (axe's landmark-no-duplicate-banner; TOOLCHAIN.md).
    // (renderRoot is a prop of the Box underneath, which the headers' own types do not list.)
    ModalHeader: { defaultProps: { renderRoot: asDiv } },
    DrawerHeader: { defaultProps: { renderRoot: asDiv } },
  },
});

/**
 * The colours a screen's own styles use, per scheme (docs/decisions/040-dark-theme.md). Mantine's
 * components follow the scheme by themselves; a feature that paints a surface, a border or a
 * coloured text of its own takes one of these rather than a fixed shade, so it reads in both.
 *
 * Darker placeholder, dimmed and error text than Mantine's light defaults (gray 6, red 6), which
 * fall short of 4.5:1 on white, and lighter ones than its dark defaults (dark 3, dark 2, red 8),
 * which fall short on the dark body (dark 7) and inputs (dark 6): every form's field messages pass
 * axe in both schemes without a rule of their own. The figures in the comments are on the body.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    /** A tinted panel or a hovered row: tiles, the login page, a message thread. */
    '--backroom-color-surface': 'var(--mantine-color-gray-0)',
    /** A stronger tint: a pressed or hovered entry on a tinted panel, an image's empty frame. */
    '--backroom-color-surface-strong': 'var(--mantine-color-gray-1)',
    '--backroom-color-border': 'var(--mantine-color-gray-3)',
    /** Red text that must stand out: a sale price, 'unread', an item gone from stock (5.1:1 on red 0). */
    '--backroom-color-danger-text': 'var(--mantine-color-red-9)',
    /** Blue text that must stand out, e.g. an admin's name among users. */
    '--backroom-color-accent-text': 'var(--mantine-color-blue-9)',
  },
  dark: {
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)', // 6.9:1 on an input
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', // 7.8:1
    '--mantine-color-error': 'var(--mantine-color-red-4)', // 6.7:1
    '--backroom-color-surface': 'var(--mantine-color-dark-6)',
    '--backroom-color-surface-strong': 'var(--mantine-color-dark-5)',
    '--backroom-color-border': 'var(--mantine-color-dark-4)',
    '--backroom-color-danger-text': 'var(--mantine-color-red-4)',
    '--backroom-color-accent-text': 'var(--mantine-color-blue-3)', // 7.9:1
  },
});
