import type { ProductFormValues } from '@backroom/contract';
import { NativeSelect, SimpleGrid, type TitleOrder } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormSection } from '../../../../components/form/form-section';
import { useCategoryTree } from '../../../categories/api';
import { categoryDefaults, withCurrent } from '../../product-form-choices';

/** The choices of one level; '(none)' is offered when nothing is set or the level has no entries. */
function choices(options: string[], current: string) {
  const values = withCurrent(options, current);
  return current === '' || values.length === 0 ? [{ value: '', label: '(none)' }, ...values] : values;
}

/**
 * Main, Sub and Sub Sub category from the server's tree. Changing the main category resets the
 * other two to the first of the new one, or none (spec 1 section 4).
 */
export function CategorySection({ order }: { order: TitleOrder }) {
  const { control, setValue } = useFormContext<ProductFormValues>();
  const { data: tree = [] } = useCategoryTree();
  const [main, sub, subSub] = useWatch({ control, name: ['mainCategory', 'subCategory', 'subSubCategory'] });
  const node = tree.find((n) => n.name === main);

  return (
    <FormSection title="Categories" order={order}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <NativeSelect
          label="Main Category"
          value={main}
          data={choices(
            tree.map((n) => n.name),
            main,
          )}
          onChange={(event) => {
            const next = event.currentTarget.value;
            const defaults = categoryDefaults(tree, next);
            setValue('mainCategory', next, { shouldDirty: true });
            setValue('subCategory', defaults.subCategory, { shouldDirty: true });
            setValue('subSubCategory', defaults.subSubCategory, { shouldDirty: true });
          }}
        />
        <NativeSelect
          label="Sub Category"
          value={sub}
          data={choices(node?.subCategories ?? [], sub)}
          onChange={(event) => setValue('subCategory', event.currentTarget.value, { shouldDirty: true })}
        />
        <NativeSelect
          label="Sub Sub Category"
          value={subSub}
          data={choices(node?.subSubCategories ?? [], subSub)}
          onChange={(event) => setValue('subSubCategory', event.currentTarget.value, { shouldDirty: true })}
        />
      </SimpleGrid>
    </FormSection>
  );
}
