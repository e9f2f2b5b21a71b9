import { IMPORT_PREVIEW_LIST_MAX, type ProductImportPreviewResponse } from '@backroom/contract';
import { Accordion, Box, Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

type Preview = ProductImportPreviewResponse;

const figure = (value: number) => value.toLocaleString('en-US');
const shownOf = (shown: number, count: number) =>
  shown < count && `Showing the first ${figure(shown)} of ${figure(count)}.`;

/** An empty cell reads as '(empty)', so a change to or from nothing is visible. */
function Cell({ value }: { value: string }) {
  return value === '' ? (
    <Text span size="sm" c="dimmed" fs="italic">
      (empty)
    </Text>
  ) : (
    <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
      {value}
    </Text>
  );
}

/** The four figures, as a list: 'To create 1', 'To update 3'… */
function Counts({ counts }: { counts: Preview['counts'] }) {
  const items = [
    { label: 'To create', value: counts.create },
    { label: 'To update', value: counts.update },
    { label: 'Unchanged', value: counts.unchanged },
    { label: 'Bad rows', value: counts.bad },
  ];
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 2, sm: 4 }}
      spacing="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label="Import summary"
    >
      {items.map((item) => (
        <Paper component="li" key={item.label} withBorder p="sm" radius="md">
          <Text size="sm" c="dimmed">
            {item.label}
          </Text>
          <Text fw={700} fz="xl">
            {figure(item.value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

interface RowsSectionProps {
  value: string;
  title: string;
  count: number;
  /** Set when the server sent only part of the list (at most IMPORT_PREVIEW_LIST_MAX entries). */
  cut?: string | false;
  note?: string;
  children: ReactNode;
}

/** One collapsible list: a heading with its count, and a scrollable table the keyboard can reach. */
function RowsSection({ value, title, count, cut, note, children }: RowsSectionProps) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Control>
        {title} ({figure(count)})
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="xs">
          {note && <Text size="sm">{note}</Text>}
          {cut && (
            <Text size="sm" c="dimmed">
              {cut}
            </Text>
          )}
          <Box role="region" aria-label={title} tabIndex={0} style={{ maxHeight: 280, overflow: 'auto' }}>
            {children}
          </Box>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/**
 * What the import would do: the counts, then the rows to create (line, name), the updates (line,
 * id, name, each changed column from → to) and the bad rows (line, column, message), each list
 * collapsible. Bad rows are skipped on confirm.
 */
export function ImportPreview({ preview }: { preview: Preview }) {
  const { counts } = preview;
  const sections = [counts.bad > 0 && 'errors', counts.create > 0 && 'create', counts.update > 0 && 'update'].filter(
    (value): value is string => typeof value === 'string',
  );

  return (
    <Stack gap="md">
      <Counts counts={counts} />
      {sections.length === 0 ? (
        <Text>Every row of the file matches its product already: nothing would change.</Text>
      ) : (
        <Accordion multiple defaultValue={sections} variant="contained">
          {counts.bad > 0 && (
            <RowsSection
              value="errors"
              title="Bad rows"
              count={counts.bad}
              cut={
                preview.errors.length >= IMPORT_PREVIEW_LIST_MAX &&
                `Showing the first ${figure(preview.errors.length)} problems.`
              }
              note="These rows are skipped when you confirm; the other rows are imported."
            >
              <Table striped aria-label="Bad rows" miw={320}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Line</Table.Th>
                    <Table.Th scope="col">Column</Table.Th>
                    <Table.Th scope="col">Message</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.errors.map((problem, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a line may have several problems in one column.
                    <Table.Tr key={`${problem.line}-${problem.column}-${index}`}>
                      <Table.Td>{problem.line}</Table.Td>
                      <Table.Td>{problem.column}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{problem.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </RowsSection>
          )}
          {counts.create > 0 && (
            <RowsSection
              value="create"
              title="Rows to create"
              count={counts.create}
              cut={shownOf(preview.create.length, counts.create)}
            >
              <Table striped aria-label="Rows to create">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Line</Table.Th>
                    <Table.Th scope="col">Name</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.create.map((row) => (
                    <Table.Tr key={row.line}>
                      <Table.Td>{row.line}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.name}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </RowsSection>
          )}
          {counts.update > 0 && (
            <RowsSection
              value="update"
              title="Rows to update"
              count={counts.update}
              cut={shownOf(preview.update.length, counts.update)}
            >
              <Table striped aria-label="Rows to update" miw={480}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Line</Table.Th>
                    <Table.Th scope="col">Id</Table.Th>
                    <Table.Th scope="col">Name</Table.Th>
                    <Table.Th scope="col">Changes</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.update.map((row) => (
                    <Table.Tr key={row.line}>
                      <Table.Td>{row.line}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.id}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.name}</Table.Td>
                      <Table.Td>
                        <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                          {row.changes.map((change) => (
                            <li key={change.column}>
                              <Text span size="sm" fw={600}>
                                {change.column}:
                              </Text>{' '}
                              <Cell value={change.from} /> <span aria-hidden="true">→</span>{' '}
                              <VisuallyHidden>to </VisuallyHidden>
                              <Cell value={change.to} />
                            </li>
                          ))}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </RowsSection>
          )}
        </Accordion>
      )}
    </Stack>
  );
}
