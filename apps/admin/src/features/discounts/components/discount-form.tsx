import { DISCOUNT_PERCENTAGES, type Discount } from '@backroom/contract';
import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { CALENDAR_SETTINGS, dayFieldProps } from '../../../components/calendar';
import { DialogForm } from '../../../components/dialog-form';
import {
  DISCOUNT_FIELD_LABELS,
  type DiscountFormField,
  type DiscountFormValues,
  discountFormErrors,
  MAX_USAGE_OPTIONS,
} from '../discount-screen';
import { CustomerPicker } from './customer-picker';

/** The forms' check: the contract's create or update schema, each message naming its field. */
function discountResolver(discount?: Discount): Resolver<DiscountFormValues> {
  return async (values) => {
    const found = discountFormErrors(values, discount);
    const fields = Object.keys(found) as DiscountFormField[];
    if (fields.length === 0) return { values, errors: {} };
    const errors: FieldErrors<DiscountFormValues> = {};
    for (const field of fields) errors[field] = { type: 'validate', message: found[field] };
    return { values: {}, errors };
  };
}

const PERCENTAGE_OPTIONS = [
  { value: '', label: 'Choose a percentage', disabled: true },
  ...DISCOUNT_PERCENTAGES.map((p) => ({ value: String(p), label: `${p}%` })),
];

const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

/** The calendars' shared settings: yyyy-mm-dd values, named arrows, readable days. */
const DATE_PROPS: Partial<DatePickerInputProps> = {
  valueFormat: 'YYYY-MM-DD',
  withAsterisk: true,
  ...CALENDAR_SETTINGS,
};

interface DiscountFormProps {
  defaultValues: DiscountFormValues;
  /** The code being edited; none when creating. */
  discount?: Discount;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (values: DiscountFormValues) => void;
  onCancel: () => void;
}

/**
 * Create New Discount and Edit Discount (spec 2 section 5): Title, Percentage (required, 5 to 100),
 * Start and End Date (required, end not before start), Max Usage, Assigned To; the edit form adds
 * Status. Checked with the contract's request schema before anything is sent.
 */
export function DiscountForm({
  defaultValues,
  discount,
  submitLabel,
  submitting,
  onSubmit,
  onCancel,
}: DiscountFormProps) {
  const form = useForm<DiscountFormValues>({
    resolver: discountResolver(discount),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const startDate = form.watch('startDate');
  const submit = form.handleSubmit(onSubmit);

  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onCancel}
      submitLabel={submitLabel}
      submitting={submitting}
      dirty={form.formState.isDirty}
    >
      <TextInput
        label={DISCOUNT_FIELD_LABELS.description}
        description="Optional: what the code is for"
        autoComplete="off"
        data-autofocus
        error={errors.description?.message}
        {...form.register('description')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NativeSelect
          label={DISCOUNT_FIELD_LABELS.percentage}
          withAsterisk
          data={PERCENTAGE_OPTIONS}
          error={errors.percentage?.message}
          {...form.register('percentage')}
        />
        <NativeSelect
          label={DISCOUNT_FIELD_LABELS.maxUsage}
          data={[...MAX_USAGE_OPTIONS]}
          error={errors.maxUsage?.message}
          {...form.register('maxUsage')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Controller
          control={form.control}
          name="startDate"
          render={({ field }) => (
            <DatePickerInput
              {...DATE_PROPS}
              label={DISCOUNT_FIELD_LABELS.startDate}
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
              label={DISCOUNT_FIELD_LABELS.endDate}
              {...dayFieldProps(field)}
              minDate={startDate || undefined}
              error={errors.endDate?.message}
            />
          )}
        />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="assignedTo"
        render={({ field }) => (
          <CustomerPicker
            value={field.value}
            onChange={field.onChange}
            initial={discount?.assignedTo ?? null}
            error={errors.assignedTo?.message}
          />
        )}
      />
      {discount && (
        <NativeSelect
          label={DISCOUNT_FIELD_LABELS.isActive}
          data={STATUS_OPTIONS}
          error={errors.isActive?.message}
          {...form.register('isActive')}
        />
      )}
    </DialogForm>
  );
}
