import { LIST_STATUS_FILTERS, PRODUCT_TAG_LABELS } from '@backroom/contract';
import { NativeSelect, SimpleGrid } from '@mantine/core';
import { useCategoryTree } from '../../categories/api';
import type { ProductListParams } from '../api';
import { hasSubSubFilter } from '../product-display';
import type { ListFilterKey } from '../use-list-search-params';

interface ProductFiltersProps {
  params: ProductListParams;
  onChange: (key: ListFilterKey, value: string) => void;
}

const unique = (values: string[]) => [...new Set(values)];

/** Keeps a chosen value offered even when the tree no longer lists it (e.g. from an old URL). */
function withValue(options: string[], value: string): string[] {
  return value && !options.includes(value) ? [...options, value] : options;
}

/** Main, sub, sub sub (not for figures, decoration or widgets; with 'None') and status filters. */
export function ProductFilters({ params, onChange }: ProductFiltersProps) {
  const { data: tree = [] } = useCategoryTree();
  const main = tree.find((node) => node.name === params.mainCategory);
  const scope = params.mainCategory ? (main ? [main] : []) : tree;

  const mainOptions = withValue(
    tree.map((node) => node.name),
    params.mainCategory,
  );
  const subOptions = withValue(unique(scope.flatMap((node) => node.subCategories)), params.subCategory);
  const subSubOptions = withValue(
    unique(['None', ...scope.filter((node) => hasSubSubFilter(node.name)).flatMap((node) => node.subSubCategories)]),
    params.subSubCategory,
  );
  const showSubSub = hasSubSubFilter(params.mainCategory);

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: showSubSub ? 4 : 3 }} spacing="sm">
      <NativeSelect
        label="Main category"
        value={params.mainCategory}
        onChange={(event) => onChange('mainCategory', event.currentTarget.value)}
        data={[{ value: '', label: 'All Main Categories' }, ...mainOptions]}
      />
      <NativeSelect
        label="Sub category"
        value={params.subCategory}
        onChange={(event) => onChange('subCategory', event.currentTarget.value)}
        data={[{ value: '', label: 'All Sub Categories' }, ...subOptions]}
      />
      {showSubSub && (
        <NativeSelect
          label="Sub sub category"
          value={params.subSubCategory}
          onChange={(event) => onChange('subSubCategory', event.currentTarget.value)}
          data={[{ value: '', label: 'All Sub Sub Categories' }, ...subSubOptions]}
        />
      )}
      <NativeSelect
        label="Status"
        value={params.status}
        onChange={(event) => onChange('status', event.currentTarget.value)}
        data={[
          { value: '', label: 'All Statuses' },
          ...LIST_STATUS_FILTERS.map((tag) => ({ value: tag, label: PRODUCT_TAG_LABELS[tag] })),
        ]}
      />
    </SimpleGrid>
  );
}
