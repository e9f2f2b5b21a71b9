import { Group, Pagination } from '@mantine/core';

interface ListPaginationProps {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' };

/** Page buttons for the pickers and the campaign list; nothing when everything fits on one page. */
export function ListPagination({ label, page, pageSize, total, onPage }: ListPaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label={label} justify="center">
      <Pagination
        size="sm"
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
