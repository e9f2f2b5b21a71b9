import type { ActivityEntry } from '@backroom/contract';
import { Anchor, Code, Group, Paper, Spoiler, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { actorLabel, entryTitle, formatValue, recordHref } from '../activity-display';

/** Past this many changed fields (a product created), the rest opens on demand. */
const FIELDS_SHOWN = 6;

function Changes({ changes }: { changes: NonNullable<ActivityEntry['changes']> }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return null;
  const list = (
    <Stack component="ul" gap={2} m={0} pl="md" aria-label="Changed fields">
      {fields.map(([field, change]) => (
        <Text component="li" size="sm" key={field} style={{ overflowWrap: 'anywhere' }}>
          <Code>{field}</Code>: {formatValue(change.from)} → {formatValue(change.to)}
        </Text>
      ))}
    </Stack>
  );
  if (fields.length <= FIELDS_SHOWN) return list;
  return (
    <Spoiler maxHeight={FIELDS_SHOWN * 24} showLabel={`Show all ${fields.length} fields`} hideLabel="Show fewer fields">
      {list}
    </Spoiler>
  );
}

interface ActivityEntryCardProps {
  entry: ActivityEntry;
  /** False inside the record's own section, where its id would only repeat the record. */
  showRecord?: boolean;
}

/** One entry: what happened to which record, when and by whom, and each changed field's old and new value. */
export function ActivityEntryCard({ entry, showRecord = true }: ActivityEntryCardProps) {
  const href = recordHref(entry);
  const when = new Date(entry.at);
  return (
    <Paper withBorder p="sm" radius="md" role="listitem">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>{entryTitle(entry)}</Text>
          {showRecord &&
            entry.recordId &&
            (href ? (
              <Anchor component={Link} to={href} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {entry.recordId}
              </Anchor>
            ) : (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {entry.recordId}
              </Text>
            ))}
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          <time dateTime={entry.at}>{when.toLocaleString()}</time> · {actorLabel(entry.actor)}
          {entry.ip ? ` · from ${entry.ip}` : ''}
        </Text>
        {entry.changes && <Changes changes={entry.changes} />}
      </Stack>
    </Paper>
  );
}
