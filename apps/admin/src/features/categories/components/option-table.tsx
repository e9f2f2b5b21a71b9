import type { OptionSet } from '@backroom/contract';
import { ActionIcon, Group, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import classes from './catalogue-table.module.css';

interface OptionTableProps {
  options: OptionSet[];
  onEdit: (index: number) => void;
  onDelete: (index: number) => void;
}

/** The Variant Options table: Option | Values, with edit and delete per row. */
export function OptionTable({ options, onEdit, onDelete }: OptionTableProps) {
  return (
    <div className={classes.wrap}>
      <Table striped highlightOnHover aria-label="Variant options">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Option</Table.Th>
            <Table.Th>Values</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {options.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text c="dimmed">No option sets yet</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {options.map((option, i) => (
            <Table.Tr key={option.name}>
              <Table.Td>{option.name}</Table.Td>
              <Table.Td>{option.values.length === 0 ? 'None' : option.values.join(', ')}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`Edit option ${option.name}`} onClick={() => onEdit(i)}>
                    <IconPencil size={16} aria-hidden="true" />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete option ${option.name}`}
                    onClick={() => onDelete(i)}
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
