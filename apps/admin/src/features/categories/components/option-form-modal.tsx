import type { OptionSet } from '@backroom/contract';
import { cleanEntries } from '@backroom/contract';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { OrderedListEditor } from './ordered-list-editor';

interface OptionFormModalProps {
  opened: boolean;
  /** The option set being edited; undefined to add one. */
  initial: OptionSet | undefined;
  saving: boolean;
  onSave: (option: OptionSet) => void;
  onClose: () => void;
}

/** Add and Edit Option (spec 1 section 2.9): an empty name saves nothing, blank values are dropped. */
export function OptionFormModal({ opened, initial, saving, onSave, onClose }: OptionFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={initial ? 'Edit Option' : 'Add Option'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <OptionForm initial={initial} saving={saving} onSave={onSave} onCancel={onClose} />}
    </Modal>
  );
}

function OptionForm({
  initial,
  saving,
  onSave,
  onCancel,
}: {
  initial: OptionSet | undefined;
  saving: boolean;
  onSave: (option: OptionSet) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [values, setValues] = useState<string[]>(initial?.values ?? []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return;
    onSave({ name: trimmed, values: cleanEntries(values) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Option name" value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
        <OrderedListEditor title="Values" itemLabel="Value" values={values} onChange={setValues} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
