import type { CategoryNode } from '@backroom/contract';
import { ActionIcon, Group, Table, Text } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import classes from './catalogue-table.module.css';

interface CategoryTableProps {
  categories: CategoryNode[];
  onView: (category: CategoryNode) => void;
  onEdit: (index: number) => void;
  onDelete: (category: CategoryNode) => void;
}

const joined = (values: string[]) => (values.length === 0 ? 'None' : values.join(', '));

/**
 * The Category Management table: Name, Sub-Categories, Sub-Sub-Categories and actions. Where room
 * is short the two lists show under the name, so the actions stay in view.
 */
export function CategoryTable({ categories, onView, onEdit, onDelete }: CategoryTableProps) {
  return (
    <div className={classes.wrap}>
      <Table striped highlightOnHover aria-label="Categories">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th className={classes.list}>Sub-Categories</Table.Th>
            <Table.Th className={classes.list}>Sub-Sub-Categories</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {categories.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed">No categories yet</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {categories.map((category, i) => (
            <Table.Tr key={category.name}>
              <Table.Td>
                {category.name}
                <Text size="xs" c="dimmed" className={classes.under}>
                  Sub-Categories: {joined(category.subCategories)}
                </Text>
                <Text size="xs" c="dimmed" className={classes.under}>
                  Sub-Sub-Categories: {joined(category.subSubCategories)}
                </Text>
              </Table.Td>
              <Table.Td className={classes.list}>{joined(category.subCategories)}</Table.Td>
              <Table.Td className={classes.list}>{joined(category.subSubCategories)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`View ${category.name}`} onClick={() => onView(category)}>
                    <IconEye size={16} aria-hidden="true" />
                  </ActionIcon>
                  <ActionIcon variant="subtle" aria-label={`Edit ${category.name}`} onClick={() => onEdit(i)}>
                    <IconPencil size={16} aria-hidden="true" />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${category.name}`}
                    onClick={() => onDelete(category)}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
