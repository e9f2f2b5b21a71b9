import { isMantineColorScheme, Menu, useMantineColorScheme } from '@mantine/core';

const CHOICES = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'System' },
] as const;

/**
 * The account menu's Theme section: three radio items (menuitemradio, aria-checked), so a screen
 * reader hears which is on. Choosing one keeps the menu open, the change visible at once.
 */
export function ThemeMenuSection() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <>
      <Menu.Divider />
      <Menu.Label>Theme</Menu.Label>
      <Menu.RadioGroup value={colorScheme} onChange={(value) => isMantineColorScheme(value) && setColorScheme(value)}>
        {CHOICES.map((choice) => (
          <Menu.RadioItem key={choice.value} value={choice.value}>
            {choice.label}
          </Menu.RadioItem>
        ))}
      </Menu.RadioGroup>
    </>
  );
}
