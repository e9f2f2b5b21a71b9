import { NavLink } from '@mantine/core';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mantineMarkup as markup } from '../../../app/mantine-markup';
import { SidebarEntry } from './sidebar-entry';
import { SIDEBAR_ICONS } from './sidebar-icons';
import { UnreadDot } from './unread-dot';

describe('an expanded sidebar entry', () => {
  // Written out rather than drawn by Mantine's NavLink (decision 058): a Mantine upgrade that changes
  // NavLink's classes or elements fails here, not silently in the sidebar's look.
  it.each([
    { active: false, unread: false },
    { active: true, unread: false },
    { active: false, unread: true },
    { active: true, unread: true },
  ])('is the same markup as Mantine’s NavLink (active $active, unread $unread)', ({ active, unread }) => {
    const Icon = SIDEBAR_ICONS['/messages'];
    const mantine = (
      <NavLink
        component={Link}
        to="/messages"
        label="Messages"
        active={active}
        aria-current={active ? 'page' : undefined}
        leftSection={<Icon size={20} aria-hidden="true" />}
        rightSection={unread ? <UnreadDot /> : undefined}
      />
    );
    const ours = <SidebarEntry path="/messages" label="Messages" active={active} collapsed={false} unread={unread} />;
    expect(markup(ours)).toBe(markup(mantine));
  });
});
