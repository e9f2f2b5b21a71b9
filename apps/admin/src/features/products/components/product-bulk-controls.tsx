import type { ProductBulkAction } from '@backroom/contract';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { BulkActionBar } from '../../../components/bulk/bulk-action-bar';
import { BulkRunStatus } from '../../../components/bulk/bulk-run-status';
import { SelectPageCheckbox } from '../../../components/bulk/select-page-checkbox';
import type { ProductBulk } from '../hooks/use-product-bulk';
import { ProductBulkDialog, type ProductBulkKind } from './product-bulk-dialog';

const PRODUCTS = { one: 'product', many: 'products' };

const ACTIONS: { kind: ProductBulkKind; label: string }[] = [
  { kind: 'setFlag', label: 'Set flag' },
  { kind: 'clearFlag', label: 'Clear flag' },
  { kind: 'discount', label: 'Set discount' },
  { kind: 'category', label: 'Move to category' },
  { kind: 'delete', label: 'Delete' },
];

interface ProductBulkControlsProps {
  bulk: ProductBulk;
  /** How many products the filter matches. */
  total: number;
  /** Offer the page's box here (the grid; the table has it in its header). */
  withPageBox: boolean;
}

/**
 * The product list's bulk actions (issue 13): the bar while products are picked (set or clear a
 * flag, set a discount, move to a category, delete), their dialog, then the job's progress and the
 * result line.
 */
export function ProductBulkControls({ bulk, total, withPageBox }: ProductBulkControlsProps) {
  const { selection, run } = bulk;
  const [target, setTarget] = useState<{ kind: ProductBulkKind; count: number } | null>(null);
  const busy = run.starting || run.job !== null;
  const send = (action: ProductBulkAction) => run.run({ selection: selection.value(), action }, () => setTarget(null));

  return (
    <>
      {withPageBox && <SelectPageCheckbox selection={selection} noun={PRODUCTS} withLabel />}
      <BulkActionBar selection={selection} total={total} noun={PRODUCTS}>
        {ACTIONS.map(({ kind, label }) => (
          <Button
            key={kind}
            size="sm"
            variant={kind === 'delete' ? 'filled' : 'default'}
            color={kind === 'delete' ? 'red' : undefined}
            disabled={busy}
            onClick={() => setTarget({ kind, count: selection.count })}
          >
            {label}
          </Button>
        ))}
      </BulkActionBar>
      <BulkRunStatus run={run} />
      <ProductBulkDialog target={target} sending={run.starting} onSend={send} onClose={() => setTarget(null)} />
    </>
  );
}
