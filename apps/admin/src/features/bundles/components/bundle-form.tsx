import { BUNDLE_SCREEN_TEXT, CURRENCY, formatMoney } from '@backroom/contract';
import { NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { CALENDAR_SETTINGS, dayFieldProps } from '../../../components/calendar';
import { DialogForm } from '../../../components/dialog-form';
import { FormSection } from '../../../components/form/form-section';
import { type BundleFormField, type BundleFormValues, bundleFormErrors, bundleFormTotals } from '../bundle-screen';
import { BundleImageSlots } from './bundle-image-slots';
import { ProductPicker } from './product-picker';

/** The form's check: the contract's rules of the call, each message as spec 2 section 5 says it. */
const bundleResolver: Resolver<BundleFormValues> = async (values) => {
  const found = bundleFormErrors(values);
  const fields = Object.keys(found) as BundleFormField[];
  if (fields.length === 0) return { values, errors: {} };
  const errors: FieldErrors<BundleFormValues> = {};
  for (const field of fields) errors[field] = { type: 'validate', message: found[field] };
  return { values: {}, errors };
};

/** The calendars' shared settings: yyyy/MM/dd shown (spec 2 section 9), named arrows. */
const DATE_PROPS: Partial<DatePickerInputProps> = {
  valueFormat: 'YYYY/MM/DD',
  withAsterisk: true,
  ...CALENDAR_SETTINGS,
};

interface BundleFormProps {
  defaultValues: BundleFormValues;
  submitting: boolean;
  onSubmit: (values: BundleFormValues) => void;
  onCancel: () => void;
}

/**
 * Create New Bundle and Modify (spec 2 sections 2 and 5): Basic Information, Select Products,
 * Pricing & Schedule (the original total and the savings), Images; Cancel and Save Bundle.
 */
export function BundleForm({ defaultValues, submitting, onSubmit, onCancel }: BundleFormProps) {
  const form = useForm<BundleFormValues>({
    resolver: bundleResolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const [startDate, products, price] = form.watch(['startDate', 'products', 'price']);
  const totals = bundleFormTotals({ products, price });

  return (
    <DialogForm
      onSubmit={form.handleSubmit(onSubmit)}
      onCancel={onCancel}
      submitLabel={BUNDLE_SCREEN_TEXT.save}
      submitting={submitting}
      dirty={form.formState.isDirty}
    >
      <FormSection title="Basic Information" order={3}>
        <TextInput
          label="Title"
          withAsterisk
          autoComplete="off"
          data-autofocus
          error={errors.title?.message}
          {...form.register('title')}
        />
        <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.register('description')} />
      </FormSection>

      <FormSection title="Select Products" order={3}>
        <Controller
          control={form.control}
          name="products"
          render={({ field }) => (
            <ProductPicker value={field.value} onChange={field.onChange} error={errors.products?.message} />
          )}
        />
      </FormSection>

      <FormSection title="Pricing & Schedule" order={3}>
        <Controller
          control={form.control}
          name="price"
          render={({ field }) => (
            <NumberInput
              label="Bundle Price"
              withAsterisk
              min={0}
              step={0.01}
              decimalScale={2}
              allowNegative={false}
              leftSection={CURRENCY}
              name={field.name}
              value={field.value}
              onChange={(next) => field.onChange(String(next))}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.price?.message}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Controller
            control={form.control}
            name="startDate"
            render={({ field }) => (
              <DatePickerInput
                {...DATE_PROPS}
                label="Start Date"
                {...dayFieldProps(field)}
                error={errors.startDate?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="endDate"
            render={({ field }) => (
              <DatePickerInput
                {...DATE_PROPS}
                label="End Date"
                {...dayFieldProps(field)}
                minDate={startDate || undefined}
                error={errors.endDate?.message}
              />
            )}
          />
        </SimpleGrid>
        <Stack gap={2} aria-live="polite">
          <Text size="sm">Original total if bought individually: {formatMoney(totals.originalCents)}</Text>
          {totals.savingsCents !== null && (
            <Text size="sm" fw={600} c={totals.savingsCents < 0 ? 'var(--backroom-color-danger-text)' : undefined}>
              {totals.savingsCents < 0
                ? `Costs ${formatMoney(-totals.savingsCents)} more than the products bought individually`
                : `Savings: ${formatMoney(totals.savingsCents)}`}
            </Text>
          )}
        </Stack>
      </FormSection>

      <FormSection title="Images" order={3}>
        <Controller
          control={form.control}
          name="images"
          render={({ field }) => (
            <BundleImageSlots slots={field.value} onChange={field.onChange} error={errors.images?.message} />
          )}
        />
      </FormSection>
    </DialogForm>
  );
}
