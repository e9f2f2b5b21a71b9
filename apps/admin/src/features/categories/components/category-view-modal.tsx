import type { CategoryNode } from '@backroom/contract';
import { List, Modal, Stack, Text, Title } from '@mantine/core';

function EntryList({ heading, values }: { heading: string; values: string[] }) {
  return (
    <section aria-label={heading}>
      <Title order={3} size="h5" mb={4}>
        {heading}
      </Title>
      {values.length === 0 ? (
        <Text c="dimmed">None</Text>
      ) : (
        <List type="ordered" size="sm">
          {values.map((value) => (
            <List.Item key={value}>{value}</List.Item>
          ))}
        </List>
      )}
    </section>
  );
}

/** The View modal: the category's two lists, or 'None' when a list is empty. */
export function CategoryViewModal({ category, onClose }: { category: CategoryNode | undefined; onClose: () => void }) {
  return (
    <Modal
      opened={category !== undefined}
      onClose={onClose}
      title={category ? `Category: ${category.name}` : 'Category'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {category && (
        <Stack>
          <EntryList heading="Sub-Categories" values={category.subCategories} />
          <EntryList heading="Sub-Sub-Categories" values={category.subSubCategories} />
        </Stack>
      )}
    </Modal>
  );
}
