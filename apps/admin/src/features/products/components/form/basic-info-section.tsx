import type { ProductFormValues } from '@backroom/contract';
import { NativeSelect, NumberInput, Textarea, TextInput, type TitleOrder } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { FormSection } from '../../../../components/form/form-section';
import { DISCOUNT_QUICK_SELECT, discountValue, isAcceptedDiscount } from '../../product-form-discount';
import { PriceInput } from './price-input';
import classes from './product-form.module.css';

interface BasicInfoSectionProps {
  order: TitleOrder;
  /** 'Product Name' on the Add screen, 'Name' in the Modify modal. */
  nameLabel: string;
  /** The Modify modal also sets the discount. */
  withDiscount?: boolean;
}

/** Basic Information: name, description, price and, when modifying, the discount (spec 1 sections 2.4, 2.7, 5). */
export function BasicInfoSection({ order, nameLabel, withDiscount = false }: BasicInfoSectionProps) {
  const { control, register, formState } = useFormContext<ProductFormValues>();
  const { errors } = formState;
  return (
    <FormSection title="Basic Information" order={order}>
      <TextInput label={nameLabel} withAsterisk {...register('name')} error={errors.name?.message} />
      <Textarea
        label="Description"
        withAsterisk
        autosize
        minRows={3}
        {...register('description')}
        error={errors.description?.message}
      />
      {withDiscount ? (
        <div className={classes.priceRow}>
          <div className={classes.priceGrid}>
            <PriceInput name="price" />
            <Controller
              control={control}
              name="discount"
              render={({ field, fieldState }) => (
                <>
                  <NumberInput
                    label="Discount (%)"
                    min={0}
                    max={100}
                    step={0.1}
                    decimalScale={2}
                    allowNegative={false}
                    clampBehavior="none"
                    isAllowed={({ value }) => isAcceptedDiscount(value)}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={fieldState.error?.message}
                  />
                  <NativeSelect
                    label="Quick Select"
                    value={
                      DISCOUNT_QUICK_SELECT.includes(discountValue(field.value))
                        ? String(discountValue(field.value))
                        : ''
                    }
                    onChange={(event) => field.onChange(Number(event.currentTarget.value))}
                    data={[
                      { value: '', label: 'Custom', disabled: true },
                      ...DISCOUNT_QUICK_SELECT.map((n) => ({ value: String(n), label: `${n}%` })),
                    ]}
                  />
                </>
              )}
            />
          </div>
        </div>
      ) : (
        <PriceInput name="price" />
      )}
    </FormSection>
  );
}
