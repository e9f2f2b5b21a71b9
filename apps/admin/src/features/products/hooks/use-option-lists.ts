import type { ProductFormValues } from '@backroom/contract';
import { useEffect } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useOptionSets } from '../../categories/api';
import { keepAvailable, optionValues } from '../product-form-choices';

export const OPTION_SET_NAMES = { colors: 'Colors', clothingSizes: 'Clothing Sizes', canvasSizes: 'Canvas Sizes' };

/** The colours and sizes a product may have: the server's option sets (refreshed by the socket). */
export function useOptionLists() {
  const query = useOptionSets();
  const options = query.data ?? [];
  return {
    colors: optionValues(options, OPTION_SET_NAMES.colors),
    clothingSizes: optionValues(options, OPTION_SET_NAMES.clothingSizes),
    canvasSizes: optionValues(options, OPTION_SET_NAMES.canvasSizes),
    /** True once the server's answer (not the cached copy) is in. */
    fresh: query.isSuccess && !query.isPlaceholderData,
  };
}

/**
 * Sizes and colours an open form holds that the lists no longer have are dropped from it
 * (spec 1 section 4), whenever the server's lists arrive or change.
 */
export function useDropMissingOptions(form: UseFormReturn<ProductFormValues>): void {
  const lists = useOptionLists();
  const [colors, clothingSizes, canvasSizes] = useWatch({
    control: form.control,
    name: ['colors', 'clothingSizes', 'canvasSizes'],
  });
  const { setValue } = form;
  useEffect(() => {
    if (!lists.fresh) return;
    for (const [name, selected, available] of [
      ['colors', colors, lists.colors],
      ['clothingSizes', clothingSizes, lists.clothingSizes],
      ['canvasSizes', canvasSizes, lists.canvasSizes],
    ] as const) {
      const kept = keepAvailable(selected, available);
      if (kept !== selected) setValue(name, kept, { shouldDirty: true });
    }
  }, [lists.fresh, lists.colors, lists.clothingSizes, lists.canvasSizes, colors, clothingSizes, canvasSizes, setValue]);
}
