import { CheckIcon, Combobox, Group, InputBase, Text, useCombobox } from '@mantine/core';
import { selectionSummary, toggleValue } from '../../product-form-choices';

interface MultiSelectDropdownProps<T extends string> {
  /** The field's label, e.g. 'Product Status'. */
  label: string;
  /** What the button reads when nothing is chosen, e.g. 'Select Product Status'. */
  prompt: string;
  /** 'Statuses': the button reads 'N Statuses Selected' when several are chosen. */
  plural: string;
  options: readonly { value: T; label: string }[];
  value: T[];
  onChange: (value: T[]) => void;
}

/** A dropdown of options to tick (spec 1 section 2.7), its button summarising the choice. */
export function MultiSelectDropdown<T extends string>({
  label,
  prompt,
  plural,
  options,
  value,
  onChange,
}: MultiSelectDropdownProps<T>) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const labels = options.filter((o) => value.includes(o.value)).map((o) => o.label);

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(picked) => {
        const option = options.find((o) => o.value === picked);
        if (option) onChange(toggleValue(value, option.value));
      }}
    >
      <Combobox.Target targetType="button">
        <InputBase
          component="button"
          type="button"
          label={label}
          pointer
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.toggleDropdown()}
        >
          {selectionSummary(labels, prompt, plural)}
        </InputBase>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options aria-label={label} aria-multiselectable="true" mah={260} style={{ overflowY: 'auto' }}>
          {options.length === 0 ? (
            <Combobox.Empty>Nothing to choose</Combobox.Empty>
          ) : (
            options.map((option) => {
              const selected = value.includes(option.value);
              return (
                <Combobox.Option key={option.value} value={option.value} active={selected} aria-selected={selected}>
                  <Group gap="xs" wrap="nowrap">
                    {selected ? <CheckIcon size={12} aria-hidden="true" /> : <span style={{ width: 12 }} />}
                    <Text size="sm">{option.label}</Text>
                  </Group>
                </Combobox.Option>
              );
            })
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
