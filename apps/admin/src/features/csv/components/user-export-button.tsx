import { EXPORT_PATHS, exportUrl } from '@backroom/contract';
import { Group } from '@mantine/core';
import { useUserSearchParams } from '../../users/hooks/use-user-search-params';
import { CsvExportControl } from './csv-export-control';

/** The Users screen's export: the list's search and role as the URL holds them. */
export function UserExportButton() {
  const { params } = useUserSearchParams();
  const url = exportUrl(EXPORT_PATHS.userExport, { q: params.q.trim(), role: params.role });
  return (
    <Group justify="flex-end" mt="sm">
      <CsvExportControl
        choices={[{ label: 'Export CSV', request: { url, noun: 'users', fallbackName: 'users.csv' } }]}
      />
    </Group>
  );
}
