import type { OptionSet } from '@backroom/contract';
import { cleanEntries, optionSetSchema } from '@backroom/contract';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Dialog, useUnsavedChanges } from '../../../components/dialog';
import { changedFrom } from '../../../components/unsaved-changes';
import { useFieldMessages } from '../hooks/use-field-messages';
import { entryMessages, OrderedListEditor } from './ordered-list-editor';

interface OptionFormModalProps {
  opened: boolean;
  /** The option set being edited; undefined to add one. */
  initial: OptionSet | undefined;
  saving: boolean;
  onSave: (option: OptionSet) => void;
  onClose: () => void;
}

/**
 * Add and Edit Option (spec 1 section 2.9): an empty name saves nothing and says why under the
 * field (the contract's message), blank values are dropped.
 */
export function OptionFormModal({ opened, initial, saving, onSave, onClose }: OptionFormModalProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={initial ? 'Edit Option' : 'Add Option'} size="lg" centered={false}>
      {opened && <OptionForm initial={initial} saving={saving} onSave={onSave} onCancel={onClose} />}
    </Dialog>
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

  const { messages, check, formRef } = useFieldMessages(optionSetSchema, { name, values });
  const cancel = useUnsavedChanges(
    changedFrom({ name: initial?.name ?? '', values: initial?.values ?? [] }, { name, values }),
    onCancel,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    onSave({ name: name.trim(), values: cleanEntries(values) });
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Option name"
          withAsterisk
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={messages.name && `Option name ${messages.name}`}
          data-autofocus
        />
        <OrderedListEditor
          title="Values"
          itemLabel="Value"
          values={values}
          onChange={setValues}
          errors={entryMessages(messages, 'values')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
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
