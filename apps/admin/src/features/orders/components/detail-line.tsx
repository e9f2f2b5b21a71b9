import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * 'Label: value' in the order card and its details. A value with no break in it (an e-mail) wraps
 * inside its column at a phone width instead of running out of it.
 */
export function DetailLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600} inherit>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}
