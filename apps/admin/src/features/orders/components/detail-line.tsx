import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** 'Label: value' in the order card and its details. */
export function DetailLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span fw={600} inherit>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}
