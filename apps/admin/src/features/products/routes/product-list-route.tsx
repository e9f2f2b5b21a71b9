import '../styles';
import { DEFAULT_PAGE_SIZE, MESSAGES, type Product } from '@backroom/contract';
import { Button, Center, EmptyState, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconInbox, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PreviousNext } from '../../../components/list-view/previous-next';
import { useListView } from '../../../components/list-view/use-list-view';
import { ViewToggle } from '../../../components/list-view/view-toggle';
import { LoadError } from '../../../components/load-error';
import { ScreenTitle } from '../../../components/screen-title';
import { errorMessage } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { useCatalogueEvents } from '../../categories/hooks/use-catalogue-events';
import { type ProductListParams, useProductList, useRemoveProduct } from '../api';
import { ProductBulkControls } from '../components/product-bulk-controls';
import { ProductFilters } from '../components/product-filters';
import { ProductGrid } from '../components/product-grid';
import { ProductModifyModal } from '../components/product-modify-modal';
import { ProductSearch } from '../components/product-search';
import { ProductTable } from '../components/product-table';
import { ProductViewModal } from '../components/product-view-modal';
import { useProductBulk } from '../hooks/use-product-bulk';
import { useProductEvents } from '../hooks/use-product-events';
import { useListSearchParams } from '../use-list-search-params';

/**
 * Product List (spec 1 section 2.5): search, filters and pages done by the server, as a table or
 * a grid; view, modify (/list?edit={id}) and delete. Refreshed when products change anywhere.
 * `csvActions` are the CSV export of the list's filter and the import, handed in by the app layer
 * (app/screens).
 */
export function ProductListRoute({ csvActions }: { csvActions: (filter: ProductListParams) => ReactNode }) {
  useProductEvents();
  useCatalogueEvents();
  const { params, setFilter, setPage, clearFilters, editId, setEditId } = useListSearchParams();
  const { view, setView } = useListView();
  const [viewing, setViewing] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const remove = useRemoveProduct({ onSuccess: () => setDeleting(null) });
  const list = useProductList(params);
  const actions = {
    onView: setViewing,
    onModify: (product: Product) => setEditId(product._id),
    onDelete: setDeleting,
  };
  // A bad /list?edit= id: say so, stay on the list, and take the id out of the address.
  const onEditNotFound = useCallback(() => {
    notifyError(MESSAGES.productNotFound);
    setEditId(null, { replace: true });
  }, [setEditId]);
  const pageSize = list.data?.pageSize ?? DEFAULT_PAGE_SIZE;
  const total = list.data?.total ?? 0;
  const products = list.data?.products ?? [];
  const bulk = useProductBulk(params, products, total);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <ScreenTitle>Product List</ScreenTitle>
        <Group gap="sm">
          <ViewToggle view={view} onChange={setView} visibleFrom="sm" />
          {csvActions(params)}
          <Button component={Link} to="/add" leftSection={<IconPlus size={16} aria-hidden="true" />}>
            Add New Product
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" align="center">
            <ProductSearch value={params.q} onChange={(value) => setFilter('q', value)} />
            <Group gap="sm">
              <Text size="sm" aria-live="polite">
                {total} products found
              </Text>
              <Button variant="subtle" size="sm" onClick={clearFilters}>
                Clear Filters
              </Button>
            </Group>
          </Group>
          <ProductFilters params={params} onChange={setFilter} />
        </Stack>
      </Paper>

      <ProductBulkControls bulk={bulk} total={total} withPageBox={view === 'grid' && products.length > 0} />

      {list.isError && (
        <LoadError
          error={list.error}
          title={errorMessage(list.error, MESSAGES.fetchProductsFailed)}
          onRetry={() => void list.refetch()}
        />
      )}

      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading products" />
        </Center>
      ) : products.length === 0 ? (
        !list.isError && (
          <EmptyState
            icon={<IconInbox size={32} aria-hidden="true" />}
            withIndicatorBackground
            title="No products found"
            description="Try another search or clear the filters."
            py="xl"
          />
        )
      ) : view === 'list' ? (
        <ProductTable products={products} selection={bulk.selection} {...actions} />
      ) : (
        <ProductGrid products={products} selection={bulk.selection} {...actions} />
      )}

      <PreviousNext page={params.page} pageSize={pageSize} total={total} noun="products" onPage={setPage} />
      <ProductViewModal product={viewing} onClose={() => setViewing(null)} />
      <ProductModifyModal productId={editId} onClose={() => setEditId(null)} onNotFound={onEditNotFound} />
      <ConfirmModal
        opened={deleting !== null}
        title="Confirm Deletion"
        message="Are you sure you want to delete this product?"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting._id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
