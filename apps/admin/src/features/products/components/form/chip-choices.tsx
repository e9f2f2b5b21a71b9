import { Chip, Fieldset, Group, Text } from '@mantine/core';
import { toggleValue } from '../../product-form-choices';

interface ChipChoicesProps {
  legend: string;
  options: readonly string[];
  value: string[];
  onChange: (value: string[]) => void;
}

/** Toggle chips for sizes and colours; the order of picking is kept. */
export function ChipChoices({ legend, options, value, onChange }: ChipChoicesProps) {
  return (
    <Fieldset legend={legend} variant="unstyled">
      {options.length === 0 ? (
        <Text size="sm" c="dimmed">
          None defined
        </Text>
      ) : (
        <Group gap="xs">
          {options.map((option) => (
            <Chip
              key={option}
              size="sm"
              checked={value.includes(option)}
              onChange={() => onChange(toggleValue(value, option))}
            >
              {option}
            </Chip>
          ))}
        </Group>
      )}
    </Fieldset>
  );
}
