import { Button, Group, Text } from '@mantine/core';
import { pageCount } from './paging';

interface PreviousNextProps {
  page: number;
  pageSize: number;
  total: number;
  /** What the list holds, plural: 'Showing 1 to 10 of 120 products'. */
  noun: string;
  onPage: (page: number) => void;
}

/** 'Showing X to Y of N {noun}' with Previous and Next, disabled on the first and last page. */
export function PreviousNext({ page, pageSize, total, noun, onPage }: PreviousNextProps) {
  const last = pageCount(total, pageSize);
  const from = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        Showing {from} to {to} of {total.toLocaleString('en-US')} {noun}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="sm" disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, last))}>
          Previous
        </Button>
        <Button variant="default" size="sm" disabled={page >= last} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
