import { EmptyState, Stack } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { ScreenTitle } from './screen-title';

interface PlaceholderScreenProps {
  title: string;
  /** One line saying what this screen will show. */
  description: string;
}

/** A screen whose content comes in a later issue: its title and an empty state, never a blank page. */
export function PlaceholderScreen({ title, description }: PlaceholderScreenProps) {
  return (
    <Stack gap="lg">
      <ScreenTitle>{title}</ScreenTitle>
      <EmptyState
        icon={<IconInbox size={32} aria-hidden="true" />}
        withIndicatorBackground
        title="Nothing here yet"
        description={description}
        py="xl"
      />
    </Stack>
  );
}
