import { ActionIcon, Group } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';

interface SidebarMoveButtonsProps {
  label: string;
  isFirst: boolean;
  isLast: boolean;
  onMove: (step: -1 | 1) => void;
}

/** Reorder mode's up and down buttons for one entry; the first cannot go up, the last cannot go down. */
export function SidebarMoveButtons({ label, isFirst, isLast, onMove }: SidebarMoveButtonsProps) {
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={`Move ${label} up`}
        disabled={isFirst}
        onClick={() => onMove(-1)}
      >
        <IconChevronUp size={16} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={`Move ${label} down`}
        disabled={isLast}
        onClick={() => onMove(1)}
      >
        <IconChevronDown size={16} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}
