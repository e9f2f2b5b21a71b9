import '../styles';
import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

interface BulkDialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A centred dialog whose header is a plain div (Mantine's <header> would be a second banner
 * landmark beside the shell's, TOOLCHAIN.md); its close button is named 'Close'.
 */
export function BulkDialog({ opened, title, onClose, children }: BulkDialogProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered>
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
