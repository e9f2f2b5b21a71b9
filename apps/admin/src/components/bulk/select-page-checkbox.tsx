import './styles';
import { Checkbox } from '@mantine/core';
import type { BulkNoun } from './bulk-words';

export interface PageSelection {
  pageChecked: boolean;
  pageIndeterminate: boolean;
  togglePage: () => void;
}

interface SelectPageCheckboxProps {
  selection: PageSelection;
  noun: BulkNoun;
  /** Shown beside the box; without it the box is named by its aria-label alone (a table header). */
  withLabel?: boolean;
}

/** 'Select all orders on this page': checked when all are, mixed when some are. */
export function SelectPageCheckbox({ selection, noun, withLabel = false }: SelectPageCheckboxProps) {
  const name = `Select all ${noun.many} on this page`;
  return (
    <Checkbox
      aria-label={withLabel ? undefined : name}
      label={withLabel ? name : undefined}
      checked={selection.pageChecked}
      indeterminate={selection.pageIndeterminate}
      onChange={selection.togglePage}
    />
  );
}
