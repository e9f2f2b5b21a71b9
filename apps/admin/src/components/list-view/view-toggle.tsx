import { ActionIcon, type MantineBreakpoint, Tooltip } from '@mantine/core';
import { IconLayoutGrid, IconList } from '@tabler/icons-react';
import type { ListView } from './use-list-view';

const VIEWS: { value: ListView; label: string; icon: typeof IconList }[] = [
  { value: 'list', label: 'List view', icon: IconList },
  { value: 'grid', label: 'Grid view', icon: IconLayoutGrid },
];

interface ViewToggleProps {
  view: ListView;
  onChange: (view: ListView) => void;
  /** Hides the toggle below a breakpoint (the Product List leaves narrow screens to the grid). */
  visibleFrom?: MantineBreakpoint;
}

/** The list/grid switch of the Product List and Orders screens: two pressed-or-not buttons. */
export function ViewToggle({ view, onChange, visibleFrom }: ViewToggleProps) {
  return (
    <ActionIcon.Group aria-label="View" {...(visibleFrom ? { visibleFrom } : {})}>
      {VIEWS.map(({ value, label, icon: Icon }) => (
        <Tooltip key={value} label={label}>
          <ActionIcon
            size="lg"
            variant={view === value ? 'filled' : 'default'}
            aria-label={label}
            aria-pressed={view === value}
            onClick={() => onChange(value)}
          >
            <Icon size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      ))}
    </ActionIcon.Group>
  );
}
