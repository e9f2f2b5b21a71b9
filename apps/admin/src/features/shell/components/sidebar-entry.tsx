import type { SidebarPath } from '@backroom/contract';
import { UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import classes from './sidebar-entry.module.css';
import { SIDEBAR_ICONS } from './sidebar-icons';
import { UnreadDot } from './unread-dot';

interface SidebarEntryProps {
  path: SidebarPath;
  label: string;
  active: boolean;
  collapsed: boolean;
  unread: boolean;
}

type TooltipComponent = typeof import('./sidebar-tooltip').Tooltip;
let loadedTooltip: TooltipComponent | null = null;

/**
 * The collapsed sidebar's tooltips (floating-ui, about 60 KB before compression, and one set of
 * floating hooks per entry) open on a mouse's hover only (Mantine's Tooltip: not on focus or touch),
 * so an entry's arrives when a mouse first points at it, and opens at once, as the pointer is there:
 * a phone never loads or draws them, and until then the icons are named by their aria-label alone
 * (docs/decisions/058-lighthouse-on-a-phone.md). Once loaded, every entry drawn after has it.
 */
function useTooltipOnHover(hovered: boolean): TooltipComponent | null {
  const [Tooltip, setTooltip] = useState<TooltipComponent | null>(() => loadedTooltip);
  useEffect(() => {
    if (Tooltip || !hovered) return;
    let current = true;
    import('./sidebar-tooltip').then(
      (m) => {
        loadedTooltip = m.Tooltip;
        if (current) setTooltip(() => m.Tooltip);
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      current = false;
    };
  }, [Tooltip, hovered]);
  return Tooltip;
}

/**
 * Mantine's NavLink as it draws an entry with a left and, for the unread dot, a right section:
 * its classes and attributes, written out (sidebar-entry.test.ts holds them to Mantine's), so
 * that the ten entries are ten links rather than ten NavLinks of five Mantine components each, all
 * drawn before the Dashboard's title (docs/decisions/058-lighthouse-on-a-phone.md). The same
 * elements, classes and Mantine stylesheet (NavLink.css, app/shell-styles.ts) as before.
 */
export const NAV_LINK_CLASSES = {
  root: 'mantine-focus-auto m_f0824112 mantine-NavLink-root m_87cf2631 mantine-UnstyledButton-root',
  section: 'm_690090b5 mantine-NavLink-section',
  body: 'm_f07af9d2 mantine-NavLink-body',
  label: 'm_1f6ac4c4 mantine-NavLink-label',
  description: 'm_57492dcc mantine-NavLink-description',
} as const;

/** One sidebar link: icon and label, or when collapsed the icon alone, named by aria-label and a tooltip. */
export function SidebarEntry({ path, label, active, collapsed, unread }: SidebarEntryProps) {
  const Icon = SIDEBAR_ICONS[path];
  const current = active ? ('page' as const) : undefined;
  // A mouse (or pen) on the icon before the tooltip arrived: the tooltip shows open when it does.
  const [pointerInside, setPointerInside] = useState(false);
  const Tooltip = useTooltipOnHover(pointerInside);
  if (collapsed) {
    const link = (
      <UnstyledButton
        onPointerEnter={Tooltip ? undefined : (event) => setPointerInside(event.pointerType !== 'touch')}
        onPointerLeave={Tooltip ? undefined : () => setPointerInside(false)}
        component={Link}
        to={path}
        aria-label={label}
        aria-current={current}
        data-active={active || undefined}
        className={classes.iconLink}
      >
        <Icon size={20} aria-hidden="true" />
        {unread && <UnreadDot className={classes.dot} />}
      </UnstyledButton>
    );
    return Tooltip ? (
      <Tooltip label={label} position="right" withArrow defaultOpened={pointerInside}>
        {link}
      </Tooltip>
    ) : (
      link
    );
  }
  const activeFlag = active ? 'true' : undefined;
  return (
    <Link to={path} className={NAV_LINK_CLASSES.root} data-active={activeFlag} aria-current={current}>
      <span className={NAV_LINK_CLASSES.section} data-position="left">
        <Icon size={20} aria-hidden="true" />
      </span>
      <div className={NAV_LINK_CLASSES.body}>
        <span className={NAV_LINK_CLASSES.label}>{label}</span>
        <span className={NAV_LINK_CLASSES.description} data-active={activeFlag} />
      </div>
      {unread && (
        <span className={NAV_LINK_CLASSES.section} data-position="right">
          <UnreadDot />
        </span>
      )}
    </Link>
  );
}
