import { isMantineColorScheme, Menu, useMantineColorScheme } from '@mantine/core';
import { useId } from 'react';

const CHOICES = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'System' },
] as const;

/**
 * The account menu's Theme section: three radio items (menuitemradio, aria-checked) in a group
 * named Theme, so a screen reader hears 'Theme, Dark, checked'. Choosing one keeps the menu open,
 * the change visible at once.
 */
export function ThemeMenuSection() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const labelId = useId();
  return (
    <>
      <Menu.Divider />
      <Menu.Label id={labelId}>Theme</Menu.Label>
      {/* biome-ignore lint/a11y/useSemanticElements: a menu's group of items is role=group (WAI-ARIA menu pattern); a fieldset is a form's. */}
      <div role="group" aria-labelledby={labelId}>
        <Menu.RadioGroup value={colorScheme} onChange={(value) => isMantineColorScheme(value) && setColorScheme(value)}>
          {CHOICES.map((choice) => (
            <Menu.RadioItem key={choice.value} value={choice.value}>
              {choice.label}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </div>
    </>
  );
}
