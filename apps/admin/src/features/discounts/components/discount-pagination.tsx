import { discountPageCount } from '@backroom/contract';
import { Group, Pagination } from '@mantine/core';

const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' };

/** Page-number buttons, only when the codes fill more than one page. */
export function DiscountPagination({
  page,
  total,
  onPage,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = discountPageCount(total);
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label="Discount code pages" justify="center">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPage}
        siblings={1}
        boundaries={1}
        withEdges
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
      />
    </Group>
  );
}
