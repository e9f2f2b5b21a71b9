import type { CategoryNode, OptionSet } from '@backroom/contract';
import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ScreenTitle } from '../../../components/screen-title';
import { errorMessage, showsLoadError } from '../../../lib/api-error';
import { useCategoryTree, useDeleteCategory, useOptionSets, useSaveCategoryTree, useSaveOptionSets } from '../api';
import { CategoryFormModal } from '../components/category-form-modal';
import { CategoryTable } from '../components/category-table';
import { CategoryViewModal } from '../components/category-view-modal';
import { OptionFormModal } from '../components/option-form-modal';
import { OptionTable } from '../components/option-table';
import { useCatalogueEvents } from '../hooks/use-catalogue-events';

/** Which add/edit modal is open: 'new', the index of the entry being edited, or closed. */
type Editing = 'new' | number | null;

/** The Categories screen (spec 1 section 2.9): the category tree and the variant option sets. */
export function CategoriesRoute() {
  useCatalogueEvents();
  return (
    <Stack gap="xl">
      <ScreenTitle>Categories</ScreenTitle>
      <CategoryManagement />
      <VariantOptions />
    </Stack>
  );
}

function CategoryManagement() {
  const tree = useCategoryTree();
  const categories = tree.data ?? [];
  const [editing, setEditing] = useState<Editing>(null);
  const [viewing, setViewing] = useState<CategoryNode | undefined>();
  const [deleting, setDeleting] = useState<CategoryNode | undefined>();
  const save = useSaveCategoryTree({ onSuccess: () => setEditing(null) });
  const remove = useDeleteCategory({ onSuccess: () => setDeleting(undefined) });

  const initial = typeof editing === 'number' ? categories[editing] : undefined;

  const onSave = (category: CategoryNode) => {
    if (typeof editing === 'number' && initial) {
      const next = categories.map((c, i) => (i === editing ? category : c));
      save.mutate({
        categories: next,
        ...(initial.name !== category.name ? { rename: { oldName: initial.name, newName: category.name } } : {}),
      });
    } else {
      save.mutate({ categories: [...categories, category] });
    }
  };

  return (
    <Stack component="section" aria-labelledby="category-management-heading">
      <Group justify="space-between">
        <Title order={2} id="category-management-heading">
          Category Management
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing('new')}>
          Add Category
        </Button>
      </Group>
      {tree.isError && !tree.data && showsLoadError(tree.error) && (
        <Alert color="red" title="Categories could not be loaded">
          {errorMessage(tree.error, 'Please try again later.')}
        </Alert>
      )}
      {tree.isPending && !tree.data ? (
        <Loader aria-label="Loading categories" />
      ) : (
        <CategoryTable
          categories={categories}
          onView={setViewing}
          onEdit={(i) => setEditing(i)}
          onDelete={setDeleting}
        />
      )}
      <CategoryFormModal
        opened={editing !== null}
        initial={initial}
        saving={save.isPending}
        onSave={onSave}
        onClose={() => setEditing(null)}
      />
      <CategoryViewModal category={viewing} onClose={() => setViewing(undefined)} />
      <ConfirmModal
        opened={deleting !== undefined}
        title="Delete Category"
        message="Are you sure you want to delete this category?"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.name)}
        onClose={() => setDeleting(undefined)}
      />
    </Stack>
  );
}

function VariantOptions() {
  const query = useOptionSets();
  const options = query.data ?? [];
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const save = useSaveOptionSets({
    onSuccess: () => {
      setEditing(null);
      setDeleting(null);
    },
  });

  const initial = typeof editing === 'number' ? options[editing] : undefined;

  const onSave = (option: OptionSet) => {
    save.mutate(
      typeof editing === 'number' ? options.map((o, i) => (i === editing ? option : o)) : [...options, option],
    );
  };

  return (
    <Stack component="section" aria-labelledby="variant-options-heading">
      <Group justify="space-between">
        <Title order={2} id="variant-options-heading">
          Variant Options
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing('new')}>
          Add Option
        </Button>
      </Group>
      {query.isError && !query.data && showsLoadError(query.error) && (
        <Alert color="red" title="Option sets could not be loaded">
          {errorMessage(query.error, 'Please try again later.')}
        </Alert>
      )}
      {query.isPending && !query.data ? (
        <Loader aria-label="Loading option sets" />
      ) : (
        <OptionTable options={options} onEdit={(i) => setEditing(i)} onDelete={setDeleting} />
      )}
      <OptionFormModal
        opened={editing !== null}
        initial={initial}
        saving={save.isPending}
        onSave={onSave}
        onClose={() => setEditing(null)}
      />
      <ConfirmModal
        opened={deleting !== null}
        title="Delete Option Set"
        message="Delete this option set?"
        loading={save.isPending}
        onConfirm={() => deleting !== null && save.mutate(options.filter((_, i) => i !== deleting))}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
