import {
  PRODUCT_TAG_LABELS,
  PRODUCT_TAGS,
  type ProductBulkAction,
  type ProductTag,
  productBulkActionSchema,
} from '@backroom/contract';
import { Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { countOf } from '../../../components/bulk/bulk-words';
import { Dialog } from '../../../components/dialog';
import { useCategoryTree } from '../../categories/api';
import { categoryDefaults, withCurrent } from '../product-form-choices';

export type ProductBulkKind = 'setFlag' | 'clearFlag' | 'discount' | 'category' | 'delete';

const PRODUCTS = { one: 'product', many: 'products' };

/** Each action's title, its sentence about N products, and its confirm button. */
const TEXTS: Record<ProductBulkKind, { title: string; lead: (products: string) => string; confirm: string }> = {
  setFlag: { title: 'Set Flag', lead: (p) => `Set a flag on ${p}.`, confirm: 'Set flag' },
  clearFlag: { title: 'Clear Flag', lead: (p) => `Clear a flag on ${p}.`, confirm: 'Clear flag' },
  discount: { title: 'Set Discount', lead: (p) => `Set the discount of ${p}.`, confirm: 'Set discount' },
  category: { title: 'Move to Category', lead: (p) => `Move ${p} to another category.`, confirm: 'Move' },
  delete: {
    title: 'Delete Products',
    lead: (p) => `Delete ${p}? This action cannot be undone.`,
    confirm: 'Delete',
  },
};

/** A level's choices, with '(none)' where nothing is set or the level has no entries (as the product form). */
function choices(options: string[], current: string) {
  const values = withCurrent(options, current);
  return current === '' || values.length === 0 ? [{ value: '', label: '(none)' }, ...values] : values;
}

interface ProductBulkDialogProps {
  /** The action chosen and how many products it goes to; null when closed. */
  target: { kind: ProductBulkKind; count: number } | null;
  sending: boolean;
  onSend: (action: ProductBulkAction) => void;
  onClose: () => void;
}

/** The dialog of one bulk action on products: what it needs (flag, percent, category), then confirm. */
export function ProductBulkDialog({ target, sending, onSend, onClose }: ProductBulkDialogProps) {
  // What the dialog shows while it fades out after the target is gone; each opening starts afresh.
  const [shown, setShown] = useState(target);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!target) return;
    setShown(target);
    setRound((value) => value + 1);
  }, [target]);

  if (!shown) return null;
  return (
    <Dialog opened={target !== null} title={TEXTS[shown.kind].title} onClose={onClose}>
      <ProductBulkForm
        key={round}
        kind={shown.kind}
        count={shown.count}
        sending={sending}
        onSend={onSend}
        onClose={onClose}
      />
    </Dialog>
  );
}

interface ProductBulkFormProps {
  kind: ProductBulkKind;
  count: number;
  sending: boolean;
  onSend: (action: ProductBulkAction) => void;
  onClose: () => void;
}

function ProductBulkForm({ kind, count, sending, onSend, onClose }: ProductBulkFormProps) {
  const { data: tree = [] } = useCategoryTree();
  const [flag, setFlag] = useState<ProductTag>(PRODUCT_TAGS[0]);
  const [percent, setPercent] = useState<string | number>('');
  // The category the form starts on: the tree's first, with its first sub levels (as the product form).
  const [place, setPlace] = useState(() => {
    const main = tree[0]?.name ?? '';
    return { mainCategory: main, ...categoryDefaults(tree, main) };
  });
  const [error, setError] = useState<string | null>(null);

  const texts = TEXTS[kind];
  const node = tree.find((n) => n.name === place.mainCategory);

  const action = (): unknown => {
    switch (kind) {
      case 'setFlag':
      case 'clearFlag':
        return { kind: 'flag', flag, value: kind === 'setFlag' };
      case 'discount':
        return { kind: 'discount', percent: percent === '' ? undefined : Number(percent) };
      case 'category':
        return {
          kind: 'category',
          mainCategory: place.mainCategory,
          ...(place.subCategory ? { subCategory: place.subCategory } : {}),
          ...(place.subSubCategory ? { subSubCategory: place.subSubCategory } : {}),
        };
      case 'delete':
        return { kind: 'delete' };
    }
  };
  const submit = () => {
    const parsed = productBulkActionSchema.safeParse(action());
    if (parsed.success) {
      setError(null);
      onSend(parsed.data);
    } else {
      setError(parsed.error.issues[0]?.message ?? 'is not valid');
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        <Text>{texts.lead(countOf(count, PRODUCTS))}</Text>
        {(kind === 'setFlag' || kind === 'clearFlag') && (
          <NativeSelect
            label="Flag"
            value={flag}
            onChange={(event) => setFlag(event.currentTarget.value as ProductTag)}
            data={PRODUCT_TAGS.map((tag) => ({ value: tag, label: PRODUCT_TAG_LABELS[tag] }))}
          />
        )}
        {kind === 'discount' && (
          <NumberInput
            label="Discount (%)"
            min={0}
            max={100}
            decimalScale={2}
            value={percent}
            onChange={setPercent}
            error={error ? `Discount ${error}` : undefined}
            data-autofocus
          />
        )}
        {kind === 'category' && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NativeSelect
              label="Main Category"
              value={place.mainCategory}
              data={choices(
                tree.map((n) => n.name),
                place.mainCategory,
              )}
              error={error ?? undefined}
              onChange={(event) => {
                const main = event.currentTarget.value;
                setPlace({ mainCategory: main, ...categoryDefaults(tree, main) });
              }}
            />
            <NativeSelect
              label="Sub Category"
              value={place.subCategory}
              data={choices(node?.subCategories ?? [], place.subCategory)}
              onChange={(event) => setPlace({ ...place, subCategory: event.currentTarget.value })}
            />
            <NativeSelect
              label="Sub Sub Category"
              value={place.subSubCategory}
              data={choices(node?.subSubCategories ?? [], place.subSubCategory)}
              onChange={(event) => setPlace({ ...place, subSubCategory: event.currentTarget.value })}
            />
          </SimpleGrid>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color={kind === 'delete' ? 'red' : undefined} loading={sending}>
            {texts.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
