import '@mantine/dates/styles.css';
import { ACTIVITY_KINDS } from '@backroom/contract';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { CALENDAR_SETTINGS } from '../../../components/calendar';
import { useAdminList } from '../../admins/api';
import { KIND_LABELS } from '../activity-display';
import type { ActivityFilters as Filters } from '../api';

interface ActivityFiltersProps {
  filters: Filters;
  onChange: (change: Partial<Filters>, options?: { replace?: boolean }) => void;
  onClear: () => void;
}

const DAYS_ID = 'activity-days';

const KIND_OPTIONS = [
  { value: '', label: 'All kinds' },
  ...ACTIVITY_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })),
];

/** Who acted: every admin by name; an id from a link that is no admin now stays choosable as itself. */
function useAdminOptions(actor: string) {
  const admins = useAdminList();
  const options = [
    { value: '', label: 'All admins' },
    ...(admins.data ?? []).map((admin) => ({ value: admin._id, label: `${admin.name} (${admin.email})` })),
  ];
  if (actor && !options.some((option) => option.value === actor)) options.push({ value: actor, label: actor });
  return options;
}

/** Admin, kind of record, record id (applied as the admin types) and a range of days, both included. */
export function ActivityFilters({ filters, onChange, onClear }: ActivityFiltersProps) {
  const adminOptions = useAdminOptions(filters.actor);
  const [recordId, setRecordId] = useState(filters.recordId);
  const commitRecordId = useDebouncedCallback((value: string) => onChange({ recordId: value }, { replace: true }), 300);

  // The URL changed from elsewhere (back button, Clear filters): show what it says.
  useEffect(() => {
    setRecordId((current) => (current.trim() === filters.recordId ? current : filters.recordId));
  }, [filters.recordId]);

  const filtered = Object.values(filters).some(Boolean);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label="Admin"
        data={adminOptions}
        value={filters.actor}
        onChange={(event) => onChange({ actor: event.currentTarget.value })}
        style={{ flex: '1 1 200px' }}
      />
      <NativeSelect
        label="Kind"
        data={KIND_OPTIONS}
        value={filters.kind}
        onChange={(event) => onChange({ kind: event.currentTarget.value })}
        style={{ flex: '1 1 160px' }}
      />
      <TextInput
        label="Record id"
        placeholder="e.g. an order or product id"
        value={recordId}
        maxLength={100}
        onChange={(event) => {
          setRecordId(event.currentTarget.value);
          commitRecordId(event.currentTarget.value.trim());
        }}
        style={{ flex: '1 1 220px' }}
      />
      <DatePickerInput
        type="range"
        label="Date range"
        placeholder="Any day"
        valueFormat="YYYY-MM-DD"
        allowSingleDateInRange
        clearable
        clearButtonProps={{ 'aria-label': 'Clear date range' }}
        // The calendar stays inside the page's main landmark. The popover's id is the field's, so
        // the calendar's dialog is named by the field (it points at an id the field does not keep).
        id={DAYS_ID}
        popoverProps={{ withinPortal: false, id: DAYS_ID }}
        {...CALENDAR_SETTINGS}
        value={[filters.from || null, filters.to || null]}
        onChange={([from, to]) => onChange({ from: from ?? '', to: to ?? '' })}
        style={{ flex: '1 1 220px' }}
      />
      <Button variant="default" disabled={!filtered} onClick={onClear}>
        Clear filters
      </Button>
    </Group>
  );
}
