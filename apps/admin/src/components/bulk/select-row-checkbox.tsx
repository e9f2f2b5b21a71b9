import './styles';
import { Checkbox } from '@mantine/core';

export interface RowSelection {
  isPicked: (id: string) => boolean;
  toggle: (id: string) => void;
}

interface SelectRowCheckboxProps {
  selection: RowSelection;
  id: string;
  /** The box's name, e.g. 'Select order 65a1…'. */
  label: string;
}

/** One row's box: picks the row for a bulk action. */
export function SelectRowCheckbox({ selection, id, label }: SelectRowCheckboxProps) {
  return <Checkbox aria-label={label} checked={selection.isPicked(id)} onChange={() => selection.toggle(id)} />;
}
