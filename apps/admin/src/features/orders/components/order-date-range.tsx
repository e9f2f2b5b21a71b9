import { CALENDAR_SETTINGS } from '../../../components/calendar';
import '@mantine/dates/styles.css';
import { isoDateSchema } from '@backroom/contract';
import { SimpleGrid } from '@mantine/core';
import { DateInput, type DateInputProps } from '@mantine/dates';

interface OrderDateRangeProps {
  startDate: string;
  endDate: string;
  onChange: (range: { startDate?: string; endDate?: string }) => void;
}

/** Only a whole day, as typed 'YYYY-MM-DD' or picked: no search runs on a half-typed date. */
const parseDay = (value: string): string | null =>
  isoDateSchema.safeParse(value.trim()).success ? value.trim() : null;

/**
 * The Date Range search: start and end date pickers, both needed and inclusive (spec 2 section 5).
 * Typed or picked from the calendar; the end cannot be before the start. Loaded only when chosen.
 */
export function OrderDateRange({ startDate, endDate, onChange }: OrderDateRangeProps) {
  const shared: Partial<DateInputProps> = {
    valueFormat: 'YYYY-MM-DD',
    placeholder: 'YYYY-MM-DD',
    dateParser: parseDay,
    clearable: true,
    clearButtonProps: { 'aria-label': 'Clear date' },
    // The calendar stays inside the page's main landmark.
    popoverProps: { withinPortal: false },
    ...CALENDAR_SETTINGS,
  };
  return (
    <SimpleGrid cols={2} spacing="sm">
      <DateInput
        {...shared}
        label="Start date"
        value={startDate || null}
        maxDate={endDate || undefined}
        onChange={(value) => onChange({ startDate: value ?? '' })}
      />
      <DateInput
        {...shared}
        label="End date"
        value={endDate || null}
        minDate={startDate || undefined}
        onChange={(value) => onChange({ endDate: value ?? '' })}
      />
    </SimpleGrid>
  );
}
