import { Group, Pagination } from '@mantine/core';
import { pageCount } from './paging';

interface PageNumbersProps {
  /** The navigation landmark's name, e.g. 'Order pages'. */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  size?: 'sm' | 'md';
}

const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' };

/**
 * Page-number buttons, only when there is more than one page. Around the current page and at both
 * ends, with gaps between, so 200,000 pages stay a handful of buttons.
 */
export function PageNumbers({ label, page, pageSize, total, onPage, size }: PageNumbersProps) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label={label} justify="center">
      <Pagination
        size={size}
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
