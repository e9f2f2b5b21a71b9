import { CURRENCY, type ProductFormValues } from '@backroom/contract';
import { NumberInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';

/** The product's or an accessory's price: required, in dollars with two decimals, never negative (spec 1 section 5). */
export function PriceInput({ name }: { name: 'price' | `accessories.${number}.price` }) {
  const { control } = useFormContext<ProductFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label="Price"
          withAsterisk
          min={0}
          step={0.01}
          decimalScale={2}
          allowNegative={false}
          leftSection={CURRENCY}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
