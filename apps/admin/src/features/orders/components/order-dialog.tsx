import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

interface OrderDialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  returnFocus?: boolean;
}

/**
 * A centred dialog whose header is a plain div: Mantine's <header> would be a second banner
 * landmark beside the shell's (TOOLCHAIN.md). The close button is named 'Close'. With
 * returnFocus false the caller puts the focus back itself (e.g. past a second dialog).
 */
export function OrderDialog({ opened, title, onClose, children, returnFocus = true }: OrderDialogProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered returnFocus={returnFocus}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header renderRoot={(props) => <div {...props} />}>
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
