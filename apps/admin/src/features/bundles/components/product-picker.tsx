import { BUNDLE_SCREEN_TEXT, dollarsToCents, formatMoney } from '@backroom/contract';
import { ActionIcon, Group, Loader, MultiSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useProductSearch } from '../api';
import { bundleOriginalTotalCents } from '../bundle-pricing';
import type { BundleFormProduct } from '../bundle-screen';

interface ProductPickerProps {
  value: BundleFormProduct[];
  onChange: (products: BundleFormProduct[]) => void;
  error?: string;
}

/**
 * Select Products (spec 2 section 2): a multi-select searched by the server by name (GET
 * /api/product/list?q=&page=1&pageSize=20, the catalogue holds 100k products), then the products
 * picked with their regular prices and the combined regular price.
 */
export function ProductPicker({ value, onChange, error }: ProductPickerProps) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const found = useProductSearch(debounced, opened);

  // The picked products first (their names show whatever the search found), then the search's.
  const known = new Map<string, BundleFormProduct>();
  for (const product of value) known.set(product._id, product);
  for (const product of found.data ?? []) {
    if (!known.has(product._id)) {
      known.set(product._id, { _id: product._id, name: product.name, priceCents: dollarsToCents(product.price) });
    }
  }
  const data = [...known.values()].map((p) => ({ value: p._id, label: `${p.name} (${formatMoney(p.priceCents)})` }));
  const total = bundleOriginalTotalCents(value.map((p) => p.priceCents));

  return (
    <Stack gap="xs">
      <MultiSelect
        label="Products"
        withAsterisk
        placeholder={BUNDLE_SCREEN_TEXT.searchProducts}
        searchable
        data={data}
        value={value.map((p) => p._id)}
        onChange={(ids) => onChange(ids.flatMap((id) => known.get(id) ?? []))}
        searchValue={search}
        onSearchChange={setSearch}
        // The server searched already.
        filter={({ options }) => options}
        onDropdownOpen={() => setOpened(true)}
        nothingFoundMessage={found.isFetching ? 'Searching...' : 'No products found'}
        rightSection={found.isFetching ? <Loader size="xs" aria-label="Searching products" /> : undefined}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={280}
        error={error}
      />
      {value.length > 0 && (
        <Stack gap={4}>
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Selected products">
            {value.map((product) => (
              <Group component="li" key={product._id} justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {product.name}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Text size="sm">{formatMoney(product.priceCents)}</Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={`Remove ${product.name}`}
                    onClick={() => onChange(value.filter((p) => p._id !== product._id))}
                  >
                    <IconX size={14} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </Stack>
          <Text size="sm" fw={600}>
            Combined regular price: {formatMoney(total)}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
