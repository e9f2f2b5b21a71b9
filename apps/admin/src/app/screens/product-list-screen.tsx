import { ProductCsvActions, type ProductExportFilter } from '../../features/csv/components/product-csv-actions';
import { ProductListRoute } from '../../features/products/routes/product-list-route';
import { queryKeys } from '../../lib/query-keys';

const csvActions = (filter: ProductExportFilter) => (
  <ProductCsvActions filter={filter} listKey={queryKeys.products.all} />
);

/** Product List, with csv's export of the list's filter and the import, which refreshes the product lists. */
export function ProductListScreen() {
  return <ProductListRoute csvActions={csvActions} />;
}
