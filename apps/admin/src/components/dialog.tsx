import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

interface DialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: string;
  /** False when the caller puts the focus back itself (e.g. past a second dialog). */
  returnFocus?: boolean;
}

/**
 * Every screen's centred dialog: a title, a close button named 'Close' and the body. The theme makes
 * its header a plain div (Mantine's <header> would be a second banner landmark beside the shell's).
 */
export function Dialog({ opened, title, onClose, children, size = 'md', returnFocus = true }: DialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size={size}
      returnFocus={returnFocus}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {children}
    </Modal>
  );
}
