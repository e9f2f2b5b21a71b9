import type { CategoryNode } from '@backroom/contract';
import { cleanEntries } from '@backroom/contract';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { OrderedListEditor } from './ordered-list-editor';

interface CategoryFormModalProps {
  opened: boolean;
  /** The category being edited; undefined to add one. */
  initial: CategoryNode | undefined;
  saving: boolean;
  onSave: (category: CategoryNode) => void;
  onClose: () => void;
}

/** Add and Edit Category (spec 1 section 2.9): the name is trimmed, an empty one saves nothing, blanks are dropped. */
export function CategoryFormModal({ opened, initial, saving, onSave, onClose }: CategoryFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={initial ? 'Edit Category' : 'Add Category'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <CategoryForm initial={initial} saving={saving} onSave={onSave} onCancel={onClose} />}
    </Modal>
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return;
    onSave({
      name: trimmed,
      subCategories: cleanEntries(subCategories),
      subSubCategories: cleanEntries(subSubCategories),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Category name" value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
        <OrderedListEditor
          title="Sub-Categories"
          itemLabel="Sub-category"
          values={subCategories}
          onChange={setSubCategories}
        />
        <OrderedListEditor
          title="Sub-Sub-Categories"
          itemLabel="Sub-sub-category"
          values={subSubCategories}
          onChange={setSubSubCategories}
        />
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
