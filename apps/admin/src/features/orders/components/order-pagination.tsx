import { orderPageCount } from '@backroom/contract';
import { Group, Pagination } from '@mantine/core';

interface OrderPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' };

/**
 * Page-number buttons, only when there is more than one page (spec 2 section 2). Around the current
 * page and at both ends, with gaps between, so 200,000 pages stay a handful of buttons.
 */
export function OrderPagination({ page, pageSize, total, onPage }: OrderPaginationProps) {
  const pages = orderPageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label="Order pages" justify="center">
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
