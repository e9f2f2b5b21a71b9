import { ACCESSORY_FLAG_LABELS, ACCESSORY_FLAGS, PRODUCT_LIMITS, type ProductFormValues } from '@backroom/contract';
import {
  ActionIcon,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  type TitleOrder,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { FormSection } from '../../../../components/form/form-section';
import {
  accessoriesForToggle,
  blankAccessory,
  removeAccessory,
  resizeAccessories,
} from '../../product-form-accessories';
import { toggleValue } from '../../product-form-choices';
import { AccessoryImages } from './accessory-images';
import { PriceInput } from './price-input';

const COUNTS = Array.from({ length: PRODUCT_LIMITS.maxAccessories }, (_, i) => String(i + 1));

interface AccessorySectionProps {
  order: TitleOrder;
  /** 'Accessory' on the Add screen, 'Accessories' in the Modify modal. */
  title: string;
  /** The Modify modal has a × per accessory, asking 'Are you sure you want to delete accessory N?'. */
  removable?: boolean;
  onSavedImageRemoved?: (url: string) => void;
}

/**
 * Has Accessory, the count (1 to 5) and a form per accessory. The count grows or shrinks the list;
 * unchecking Has Accessory clears it (spec 1 section 4).
 */
export function AccessorySection({ order, title, removable = false, onSavedImageRemoved }: AccessorySectionProps) {
  const { control, register, getValues, setValue, formState } = useFormContext<ProductFormValues>();
  const { fields, replace } = useFieldArray({ control, name: 'accessories' });
  const hasAccessory = useWatch({ control, name: 'hasAccessory' });
  const [deleting, setDeleting] = useState<number | null>(null);
  // The number the dialog names, kept while it closes so its text does not change as it fades.
  const [named, setNamed] = useState(1);
  const listError = formState.errors.accessories?.root?.message ?? formState.errors.accessories?.message;

  return (
    <FormSection title={title} order={order}>
      <Group align="flex-end" gap="lg">
        <Controller
          control={control}
          name="hasAccessory"
          render={({ field }) => (
            <Checkbox
              label="Has Accessory"
              checked={field.value}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                field.onChange(checked);
                replace(accessoriesForToggle(checked, getValues('accessories'), blankAccessory));
              }}
            />
          )}
        />
        {hasAccessory && (
          <NativeSelect
            label="Number of Accessories"
            value={String(fields.length)}
            data={COUNTS}
            onChange={(event) =>
              replace(resizeAccessories(getValues('accessories'), Number(event.currentTarget.value), blankAccessory))
            }
          />
        )}
      </Group>
      {listError && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {listError}
        </Text>
      )}
      {hasAccessory &&
        fields.map((item, i) => {
          const name = `Accessory ${i + 1}`;
          const errors = formState.errors.accessories?.[i];
          return (
            <Fieldset key={item.id} legend={name}>
              {removable && (
                <Group justify="flex-end" mt={-8}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete accessory ${i + 1}`}
                    onClick={() => {
                      setDeleting(i);
                      setNamed(i + 1);
                    }}
                  >
                    <IconX size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              )}
              <Stack gap="sm">
                <Group grow align="flex-start">
                  <TextInput
                    label="Name"
                    withAsterisk
                    {...register(`accessories.${i}.name`)}
                    error={errors?.name?.message}
                  />
                  <PriceInput name={`accessories.${i}.price`} />
                </Group>
                <Textarea
                  label="Description"
                  description="Optional"
                  autosize
                  minRows={2}
                  {...register(`accessories.${i}.description`)}
                  error={errors?.description?.message}
                />
                <Controller
                  control={control}
                  name={`accessories.${i}.flags`}
                  render={({ field }) => (
                    <Group role="group" aria-label={`${name} flags`} gap="md">
                      {ACCESSORY_FLAGS.map((flag) => (
                        <Checkbox
                          key={flag}
                          label={ACCESSORY_FLAG_LABELS[flag]}
                          checked={field.value.includes(flag)}
                          onChange={() => field.onChange(toggleValue(field.value, flag))}
                        />
                      ))}
                    </Group>
                  )}
                />
                <Controller
                  control={control}
                  name={`accessories.${i}.images`}
                  render={({ field }) => (
                    <AccessoryImages
                      name={name}
                      value={field.value}
                      onChange={field.onChange}
                      {...(onSavedImageRemoved && { onSavedImageRemoved })}
                    />
                  )}
                />
              </Stack>
            </Fieldset>
          );
        })}
      {removable && (
        <ConfirmModal
          opened={deleting !== null}
          title="Remove Accessory"
          message={`Are you sure you want to delete accessory ${named}?`}
          onConfirm={() => {
            if (deleting !== null) {
              const next = removeAccessory(getValues('accessories'), deleting);
              replace(next.accessories);
              setValue('hasAccessory', next.hasAccessory, { shouldDirty: true });
            }
            setDeleting(null);
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </FormSection>
  );
}
