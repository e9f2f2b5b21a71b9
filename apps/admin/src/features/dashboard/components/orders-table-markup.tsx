import type { ComponentProps, CSSProperties, ReactNode } from 'react';

/*
 * Recent Orders' table, written out with Mantine's Table classes and attributes (its CSS is the
 * figures' chunk's `@mantine/core/styles/Table.css`) rather than drawn by Mantine's `Table`: that
 * component carries `Table.ScrollContainer`, hence ScrollArea and all of floating-ui, 25 KB brotli
 * the Dashboard's first screen fetched and evaluated for a table that scrolls only in a narrow
 * window (docs/decisions/058-lighthouse-on-a-phone.md). The scroll container is Mantine's `native`
 * one: the browser's own scrollbar. `orders-table-markup.test.tsx` holds this markup to Mantine's
 * `Table` with `Table.ScrollContainer type="native"`, so an upgrade that changes them fails there.
 */

/** Scrolls sideways below `minWidthRem` (Mantine's `Table.ScrollContainer type="native"`); focusable, so a keyboard can scroll it. */
export function TableScroll({ minWidthRem, children }: { minWidthRem: number; children: ReactNode }) {
  return (
    <div
      style={
        {
          '--table-min-width': `calc(${minWidthRem}rem * var(--mantine-scale))`,
          '--table-overflow': 'auto',
        } as CSSProperties
      }
      className="m_a100c15 mantine-TableScrollContainer-scrollContainer"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe's scrollable-region-focusable).
      tabIndex={0}
    >
      <div className="m_62259741 mantine-TableScrollContainer-scrollContainerInner">{children}</div>
    </div>
  );
}

/** Mantine's `<Table verticalSpacing="sm">` (row borders, its default). */
export function OrdersTable(props: Omit<ComponentProps<'table'>, 'className' | 'style'>) {
  return (
    <table
      style={{ '--table-vertical-spacing': 'var(--mantine-spacing-sm)' } as CSSProperties}
      className="m_b23fa0ef mantine-Table-table"
      {...props}
    />
  );
}

export const Thead = ({ children }: { children: ReactNode }) => (
  <thead className="m_b242d975 mantine-Table-thead">{children}</thead>
);

export const Tbody = ({ children }: { children: ReactNode }) => (
  <tbody className="m_b2404537 mantine-Table-tbody">{children}</tbody>
);

export const Tr = ({ children }: { children: ReactNode }) => (
  <tr className="m_4e7aa4fd mantine-Table-tr" data-with-row-border="true">
    {children}
  </tr>
);

export const Th = ({ children }: { children: ReactNode }) => (
  <th className="m_4e7aa4f3 mantine-Table-th">{children}</th>
);

export const Td = ({ children, colSpan }: { children: ReactNode; colSpan?: number }) => (
  <td className="m_4e7aa4ef mantine-Table-td" colSpan={colSpan}>
    {children}
  </td>
);
