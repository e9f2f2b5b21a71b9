import type { ProductFormValues } from '@backroom/contract';
import { Button, Stack, Text, type TitleOrder } from '@mantine/core';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { FormSection } from '../../../../components/form/form-section';
import { useOptionLists } from '../../hooks/use-option-lists';
import { ChipChoices } from './chip-choices';
import { MultiSelectDropdown } from './multi-select-dropdown';

interface ColorSectionProps {
  order: TitleOrder;
  /**
   * 'chips' on the Add screen: a 'Show Color Selection' / 'Hide Color Selection' toggle, then
   * chips (spec 1 section 2.4). 'dropdown' in the Modify modal: 'Select Colors' (2.7).
   */
  variant: 'chips' | 'dropdown';
}

/** Color Variants, from the server's Colors option set. */
export function ColorSection({ order, variant }: ColorSectionProps) {
  const { control } = useFormContext<ProductFormValues>();
  const lists = useOptionLists();
  const [shown, setShown] = useState(false);
  return (
    <FormSection title="Color Variants" order={order}>
      <Controller
        control={control}
        name="colors"
        render={({ field }) =>
          variant === 'dropdown' ? (
            <MultiSelectDropdown
              label="Colors"
              prompt="Select Colors"
              plural="Colors"
              options={lists.colors.map((c) => ({ value: c, label: c }))}
              value={field.value}
              onChange={field.onChange}
            />
          ) : (
            <Stack gap="xs">
              <div>
                <Button variant="light" size="xs" aria-expanded={shown} onClick={() => setShown((s) => !s)}>
                  {shown ? 'Hide Color Selection' : 'Show Color Selection'}
                </Button>
              </div>
              {shown && (
                <>
                  <Text size="sm" c="dimmed">
                    The first colour picked goes to the first image, the second to the second, and so on.
                  </Text>
                  <ChipChoices legend="Colors" options={lists.colors} value={field.value} onChange={field.onChange} />
                </>
              )}
            </Stack>
          )
        }
      />
    </FormSection>
  );
}
