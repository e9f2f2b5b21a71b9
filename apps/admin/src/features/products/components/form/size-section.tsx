import type { ProductFormValues } from '@backroom/contract';
import { SimpleGrid, type TitleOrder } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { FormSection } from '../../../../components/form/form-section';
import { useOptionLists } from '../../hooks/use-option-lists';
import { ChipChoices } from './chip-choices';

/** Clothing Sizes and Canvas Sizes as toggle chips, from the server's option sets. */
export function SizeSection({ order, title }: { order: TitleOrder; title: string }) {
  const { control } = useFormContext<ProductFormValues>();
  const lists = useOptionLists();
  return (
    <FormSection title={title} order={order}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={control}
          name="clothingSizes"
          render={({ field }) => (
            <ChipChoices
              legend="Clothing Sizes"
              options={lists.clothingSizes}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          control={control}
          name="canvasSizes"
          render={({ field }) => (
            <ChipChoices
              legend="Canvas Sizes"
              options={lists.canvasSizes}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      </SimpleGrid>
    </FormSection>
  );
}
