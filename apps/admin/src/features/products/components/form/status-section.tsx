import { PRODUCT_TAG_LABELS, PRODUCT_TAGS, type ProductFormValues } from '@backroom/contract';
import { Checkbox, Group, type TitleOrder } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { FormSection } from '../../../../components/form/form-section';
import { toggleValue } from '../../product-form-choices';
import { MultiSelectDropdown } from './multi-select-dropdown';

const TAG_OPTIONS = PRODUCT_TAGS.map((tag) => ({ value: tag, label: PRODUCT_TAG_LABELS[tag] }));

interface StatusSectionProps {
  order: TitleOrder;
  /** Checkboxes on the Add screen (spec 1 section 2.4), a dropdown in the Modify modal (2.7). */
  variant: 'checkboxes' | 'dropdown';
}

/** Product Status: the eight independent flags. */
export function StatusSection({ order, variant }: StatusSectionProps) {
  const { control } = useFormContext<ProductFormValues>();
  return (
    <FormSection title="Product Status" order={order}>
      <Controller
        control={control}
        name="tags"
        render={({ field }) =>
          variant === 'dropdown' ? (
            <MultiSelectDropdown
              label="Status"
              prompt="Select Product Status"
              plural="Statuses"
              options={TAG_OPTIONS}
              value={field.value}
              onChange={field.onChange}
            />
          ) : (
            <Group role="group" aria-label="Status flags" gap="md">
              {TAG_OPTIONS.map((option) => (
                <Checkbox
                  key={option.value}
                  label={option.label}
                  checked={field.value.includes(option.value)}
                  onChange={() => field.onChange(toggleValue(field.value, option.value))}
                />
              ))}
            </Group>
          )
        }
      />
    </FormSection>
  );
}
