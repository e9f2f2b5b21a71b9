import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconList, IconPlus, IconReceipt } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import classes from './shortcut-cards.module.css';

const SHORTCUTS = [
  { title: 'Add New Product', description: 'Put a new item in the catalogue.', to: '/add', icon: IconPlus },
  { title: 'Manage Products', description: 'Search, filter and edit the catalogue.', to: '/list', icon: IconList },
  { title: 'View Orders', description: 'Follow orders and change their status.', to: '/orders', icon: IconReceipt },
] as const;

/** The three shortcut cards of the Dashboard Overview (spec 2 section 2). */
export function ShortcutCards() {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h4" id={headingId}>
        Shortcuts
      </Title>
      {SHORTCUTS.map(({ title, description, to, icon: Icon }) => (
        <Paper key={to} withBorder radius="md" p="md" className={classes.card}>
          <Group wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size="lg" radius="md" aria-hidden="true">
              <Icon size={20} />
            </ThemeIcon>
            <div>
              <Title order={3} size="h5">
                <Link to={to} className={classes.link}>
                  {title}
                </Link>
              </Title>
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            </div>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
