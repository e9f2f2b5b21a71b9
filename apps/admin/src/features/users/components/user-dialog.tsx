import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

interface UserDialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: string;
}

/**
 * The Users screen's modals: centred, the header a plain div (Mantine's <header> would be a second
 * banner landmark beside the shell's, TOOLCHAIN.md), the close button named 'Close'.
 */
export function UserDialog({ opened, title, onClose, children, size = 'md' }: UserDialogProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header renderRoot={(props) => <div {...props} />}>
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** A label and its value on one line, as the details show them. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', fontSize: 'var(--mantine-font-size-sm)' }}>
      <span style={{ fontWeight: 600 }}>{label}:</span>
      <span style={{ overflowWrap: 'anywhere' }}>{children}</span>
    </div>
  );
}
