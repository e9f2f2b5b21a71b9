import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';

interface OrderedListEditorProps {
  /** The list's heading, e.g. 'Sub-Categories'. */
  title: string;
  /** One entry's name, e.g. 'Sub-category': labels read 'Sub-category 1', 'Move sub-category 1 up'. */
  itemLabel: string;
  values: string[];
  onChange: (values: string[]) => void;
  /** The schema's message for each entry that fails, by index (e.g. 'must be at most 100 characters'). */
  errors?: (string | undefined)[];
}

/** The messages of one list's entries, by index, from the form's messages ('values.2' → [2]). */
export function entryMessages(messages: Record<string, string>, list: string): (string | undefined)[] {
  const errors: (string | undefined)[] = [];
  for (const [path, message] of Object.entries(messages)) {
    const match = new RegExp(`^${list}\\.(\\d+)$`).exec(path);
    if (match) errors[Number(match[1])] = message;
  }
  return errors;
}

function move(values: string[], from: number, to: number): string[] {
  const next = [...values];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as string);
  return next;
}

/** An ordered list of text entries with add, remove, move up and move down (spec 1 section 2.9). */
export function OrderedListEditor({ title, itemLabel, values, onChange, errors = [] }: OrderedListEditorProps) {
  const lower = itemLabel.toLowerCase();
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={500} size="sm">
        {title}
      </Text>
      {values.length === 0 && (
        <Text size="sm" c="dimmed">
          None
        </Text>
      )}
      {values.map((value, i) => {
        const n = i + 1;
        const error = errors[i];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries are plain strings that may repeat while typed.
          <Group key={i} gap="xs" wrap="nowrap" align={error ? 'flex-start' : 'center'}>
            <TextInput
              aria-label={`${itemLabel} ${n}`}
              error={error && `${itemLabel} ${n} ${error}`}
              value={value}
              onChange={(event) => onChange(values.map((v, j) => (j === i ? event.currentTarget.value : v)))}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${lower} ${n} up`}
              disabled={i === 0}
              onClick={() => onChange(move(values, i, i - 1))}
            >
              <IconArrowUp size={16} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${lower} ${n} down`}
              disabled={i === values.length - 1}
              onClick={() => onChange(move(values, i, i + 1))}
            >
              <IconArrowDown size={16} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${lower} ${n}`}
              onClick={() => onChange(values.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={() => onChange([...values, ''])}
        >
          {`Add ${lower}`}
        </Button>
      </Group>
    </Stack>
  );
}
