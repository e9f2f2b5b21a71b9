import type { ReactNode } from 'react';

/** A label and its value on one line, as the details show them. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', fontSize: 'var(--mantine-font-size-sm)' }}>
      <span style={{ fontWeight: 600 }}>{label}:</span>
      <span style={{ overflowWrap: 'anywhere' }}>{children}</span>
    </div>
  );
}
