import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { mantineMarkup } from '../../../app/mantine-markup';
import { AccountMenu } from './account-menu';
import { AccountMenuDropdown } from './account-menu-dropdown';

const markup = (node: ReactNode) =>
  mantineMarkup(node)
    // The menu's target and dropdown point at each other by generated ids; the stand-in has no dropdown.
    .replace(/ (aria-controls|id)="[^"]*"/g, '');

describe('the account button', () => {
  // The stand-in drawn until a person shows intent (decision 058) is the real menu's closed button:
  // the same element, classes, name and popup attributes, so nothing moves or is named otherwise
  // when the menu's code replaces it.
  it('is drawn light as the real menu draws its closed button', () => {
    const real = markup(
      <AccountMenuDropdown opened={false} onChange={() => {}} onOpenKinds={() => {}} buttonRef={null} />,
    );
    expect(real).toContain('aria-label="Account"');
    expect(markup(<AccountMenu />)).toBe(real);
  });
});
