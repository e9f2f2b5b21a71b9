import type { CategoryNode } from '@backroom/contract';
import { categoryNodeSchema, cleanEntries } from '@backroom/contract';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Dialog, useUnsavedChanges } from '../../../components/dialog';
import { changedFrom } from '../../../components/unsaved-changes';
import { useFieldMessages } from '../hooks/use-field-messages';
import { entryMessages, OrderedListEditor } from './ordered-list-editor';

interface CategoryFormModalProps {
  opened: boolean;
  /** The category being edited; undefined to add one. */
  initial: CategoryNode | undefined;
  saving: boolean;
  onSave: (category: CategoryNode) => void;
  onClose: () => void;
}

/**
 * Add and Edit Category (spec 1 section 2.9): the name is trimmed, an empty one saves nothing and
 * says why under the field (the contract's message), blanks are dropped.
 */
export function CategoryFormModal({ opened, initial, saving, onSave, onClose }: CategoryFormModalProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={initial ? 'Edit Category' : 'Add Category'}
      size="lg"
      centered={false}
    >
      {opened && <CategoryForm initial={initial} saving={saving} onSave={onSave} onCancel={onClose} />}
    </Dialog>
  );
}

function CategoryForm({
  initial,
  saving,
  onSave,
  onCancel,
}: {
  initial: CategoryNode | undefined;
  saving: boolean;
  onSave: (category: CategoryNode) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [subCategories, setSubCategories] = useState<string[]>(initial?.subCategories ?? []);
  const [subSubCategories, setSubSubCategories] = useState<string[]>(initial?.subSubCategories ?? []);

  const { messages, check, formRef } = useFieldMessages(categoryNodeSchema, { name, subCategories, subSubCategories });
  const cancel = useUnsavedChanges(
    changedFrom(
      {
        name: initial?.name ?? '',
        subCategories: initial?.subCategories ?? [],
        subSubCategories: initial?.subSubCategories ?? [],
      },
      { name, subCategories, subSubCategories },
    ),
    onCancel,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    onSave({
      name: name.trim(),
      subCategories: cleanEntries(subCategories),
      subSubCategories: cleanEntries(subSubCategories),
    });
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Category name"
          withAsterisk
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={messages.name && `Category name ${messages.name}`}
          data-autofocus
        />
        <OrderedListEditor
          title="Sub-Categories"
          itemLabel="Sub-category"
          values={subCategories}
          onChange={setSubCategories}
          errors={entryMessages(messages, 'subCategories')}
        />
        <OrderedListEditor
          title="Sub-Sub-Categories"
          itemLabel="Sub-sub-category"
          values={subSubCategories}
          onChange={setSubSubCategories}
          errors={entryMessages(messages, 'subSubCategories')}
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
