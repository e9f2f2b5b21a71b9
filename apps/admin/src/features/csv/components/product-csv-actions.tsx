import { EXPORT_PATHS, exportUrl } from '@backroom/contract';
import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useListSearchParams } from '../../products/use-list-search-params';
import { CsvExportControl } from './csv-export-control';
import { ImportProductsModal } from './import-products-modal';

/** The Product List's CSV buttons: export the list's current filter (from the URL), and import. */
export function ProductCsvActions() {
  const { params } = useListSearchParams();
  const [importing, setImporting] = useState(false);
  const url = exportUrl(EXPORT_PATHS.productExport, {
    q: params.q.trim(),
    mainCategory: params.mainCategory.trim(),
    subCategory: params.subCategory.trim(),
    subSubCategory: params.subSubCategory.trim(),
    status: params.status,
  });
  return (
    <>
      <CsvExportControl
        choices={[{ label: 'Export CSV', request: { url, noun: 'products', fallbackName: 'products.csv' } }]}
      />
      <Button
        variant="default"
        leftSection={<IconUpload size={16} aria-hidden="true" />}
        onClick={() => setImporting(true)}
      >
        Import CSV
      </Button>
      <ImportProductsModal opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}
