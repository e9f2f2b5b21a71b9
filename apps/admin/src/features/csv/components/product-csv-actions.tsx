import { EXPORT_PATHS, exportUrl } from '@backroom/contract';
import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { CsvExportControl } from './csv-export-control';
import { ImportProductsModal } from './import-products-modal';

/** The Product List's filter as its URL holds it (the page aside). */
export interface ProductExportFilter {
  q: string;
  mainCategory: string;
  subCategory: string;
  subSubCategory: string;
  status: string;
}

interface ProductCsvActionsProps {
  filter: ProductExportFilter;
  /** The product lists' query key, refreshed once an import has run. */
  listKey: QueryKey;
}

/** The Product List's CSV buttons: export the list's current filter (handed in by the list), and import. */
export function ProductCsvActions({ filter, listKey }: ProductCsvActionsProps) {
  const [importing, setImporting] = useState(false);
  const url = exportUrl(EXPORT_PATHS.productExport, {
    q: filter.q.trim(),
    mainCategory: filter.mainCategory.trim(),
    subCategory: filter.subCategory.trim(),
    subSubCategory: filter.subSubCategory.trim(),
    status: filter.status,
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
      <ImportProductsModal opened={importing} onClose={() => setImporting(false)} listKey={listKey} />
    </>
  );
}
