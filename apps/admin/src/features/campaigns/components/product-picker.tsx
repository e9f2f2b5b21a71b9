import {
  discountedPriceCents,
  dollarsToCents,
  formatMoney,
  MESSAGES,
  NEWSLETTER_LIMITS,
  type Product,
} from '@backroom/contract';
import { Badge, Checkbox, CloseButton, Fieldset, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { PageNumbers } from '../../../components/list-view/page-numbers';
import { useCategoryTree } from '../../categories/api';
import { useProductList } from '../../products/api';

const PAGE_SIZE = 6;

interface ProductPickerProps {
  selected: readonly Product[];
  onChange: (products: Product[]) => void;
}

function price(p: Product): string {
  const cents = dollarsToCents(p.price);
  const now = discountedPriceCents(cents, p.discount);
  return p.discount > 0 ? `${formatMoney(now)} (was ${formatMoney(cents)})` : formatMoney(cents);
}

/** Optional products for the e-mail: search by name (server) or category, at most 12. */
export function ProductPicker({ selected, onChange }: ProductPickerProps) {
  const [q, setQ] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [query] = useDebouncedValue(q.trim(), 250);
  const tree = useCategoryTree();
  const { data, isError } = useProductList({
    q: query,
    mainCategory: category ?? '',
    subCategory: '',
    subSubCategory: '',
    status: '',
    page,
    pageSize: PAGE_SIZE,
  });
  const chosen = new Set(selected.map((p) => p._id));
  const full = selected.length >= NEWSLETTER_LIMITS.maxProducts;

  const toggle = (product: Product, on: boolean) =>
    onChange(on ? [...selected, product] : selected.filter((p) => p._id !== product._id));

  return (
    <Fieldset legend="Products (optional)">
      <Stack gap="sm">
        <Group grow align="flex-end">
          <TextInput
            label="Search products"
            placeholder="Product name"
            value={q}
            onChange={(e) => {
              setQ(e.currentTarget.value);
              setPage(1);
            }}
          />
          <Select
            label="Category"
            placeholder="All categories"
            clearable
            data={(tree.data ?? []).map((c) => c.name)}
            value={category}
            onChange={(value) => {
              setCategory(value);
              setPage(1);
            }}
          />
        </Group>
        {selected.length > 0 ? (
          <Group gap="xs" aria-label="Chosen products">
            {selected.map((p) => (
              <Badge
                key={p._id}
                variant="light"
                rightSection={
                  <CloseButton size="xs" aria-label={`Remove ${p.name}`} onClick={() => toggle(p, false)} />
                }
              >
                {p.name}
              </Badge>
            ))}
          </Group>
        ) : null}
        <Stack gap={6} role="group" aria-label="Products">
          {isError ? <Text c="var(--mantine-color-error)">{MESSAGES.fetchProductsFailed}</Text> : null}
          {data && data.products.length === 0 ? <Text c="dimmed">No products found</Text> : null}
          {(data?.products ?? []).map((p) => (
            <Checkbox
              key={p._id}
              checked={chosen.has(p._id)}
              disabled={full && !chosen.has(p._id)}
              onChange={(e) => toggle(p, e.currentTarget.checked)}
              label={
                <span>
                  {p.name}{' '}
                  <Text span c="dimmed" size="sm">
                    {[p.mainCategory, p.subCategory].filter(Boolean).join(' / ')} · {price(p)}
                  </Text>
                </span>
              }
            />
          ))}
        </Stack>
        <PageNumbers
          size="sm"
          label="Product pages"
          page={page}
          pageSize={PAGE_SIZE}
          total={data?.total ?? 0}
          onPage={setPage}
        />
      </Stack>
    </Fieldset>
  );
}
