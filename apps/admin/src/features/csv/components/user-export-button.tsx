import { EXPORT_PATHS, exportUrl } from '@backroom/contract';
import { Group } from '@mantine/core';
import { CsvExportControl } from './csv-export-control';

/** The Users screen's search and role as its URL holds them. */
export interface UserExportFilter {
  q: string;
  role: string;
}

/** The Users screen's export: the list's search and role (handed in by the screen). */
export function UserExportButton({ filter }: { filter: UserExportFilter }) {
  const url = exportUrl(EXPORT_PATHS.userExport, { q: filter.q.trim(), role: filter.role });
  return (
    <Group justify="flex-end" mt="sm">
      <CsvExportControl
        choices={[{ label: 'Export CSV', request: { url, noun: 'users', fallbackName: 'users.csv' } }]}
      />
    </Group>
  );
}
