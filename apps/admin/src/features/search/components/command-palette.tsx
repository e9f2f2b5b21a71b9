import '../styles';
import { Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, useSpotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { openState } from '../../../lib/open-state';
import { isSearchable, useSearch } from '../api';
import { PALETTE_GROUPS, type PaletteItem, paletteItems } from '../palette-items';
import { paletteStore } from '../palette-store';
import classes from './command-palette.module.css';

/** How long typing pauses before the server is asked. */
const DEBOUNCE_MS = 200;
const LIST_ID = 'command-palette-results';
const groupLabelId = (group: string) => `${LIST_ID}-${group.toLowerCase().replaceAll(' ', '-')}`;

/**
 * Spotlight selects the first choice as the query changes, before the server's answer is there;
 * this selects it again once the choices have changed (its own keyboard code reads the DOM).
 */
function selectFirstChoice() {
  const list = document.getElementById(LIST_ID);
  list?.querySelector('[data-selected]')?.removeAttribute('data-selected');
  const first = list?.querySelector('[data-action]');
  first?.setAttribute('data-selected', 'true');
  paletteStore.updateState((state) => ({ ...state, selected: first ? 0 : -1 }));
}

/**
 * Spotlight's dialog has no title (a Modal header would be a second banner landmark): named here
 * from the search field it holds.
 */
function nameDialog(input: HTMLInputElement | null) {
  input?.closest('[role="dialog"]')?.setAttribute('aria-label', 'Command palette');
}

function statusText(query: string, items: PaletteItem[], loading: boolean): string {
  if (loading) return 'Searching…';
  if (items.length === 0) return query.trim() ? 'Nothing found' : '';
  return `${items.length} ${items.length === 1 ? 'choice' : 'choices'}`;
}

/**
 * The command palette (issue 14, decision 039): Ctrl+K (Cmd+K on a Mac) anywhere, even in a text
 * field; a screen by name, or an order, product, customer or discount code from the server as one
 * types. Arrows move, Enter opens, Esc closes. A combobox over a listbox for screen readers.
 */
export function CommandPalette() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, DEBOUNCE_MS);
  const search = useSearch(debounced);
  const searchable = isSearchable(query.trim());
  const found = searchable ? search.data : undefined;
  const items = useMemo(() => paletteItems(query, found), [query, found]);
  const { selected } = useSpotlight(paletteStore);
  const active = items[selected];
  const loading = searchable && (search.isFetching || debounced !== query);

  const choiceIds = items.map((item) => item.id).join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: again each time the choices change.
  useEffect(() => {
    selectFirstChoice();
  }, [choiceIds]);

  const go = (item: PaletteItem) => {
    navigate(item.to, item.open ? { state: openState(item.open) } : undefined);
  };

  return (
    <Spotlight.Root
      store={paletteStore}
      query={query}
      onQueryChange={setQuery}
      // Ctrl+K (Cmd+K) is the shell's (top-bar.tsx usePaletteShortcut), which opens this store
      // while this code is still on its way, and works while typing in a field too.
      shortcut={null}
      scrollable
      maxHeight={420}
    >
      <Spotlight.Search
        ref={nameDialog}
        data-autofocus
        role="combobox"
        aria-label="Go to a screen, or find an order, product, customer or discount code"
        aria-expanded={items.length > 0}
        aria-controls={items.length > 0 ? LIST_ID : undefined}
        aria-activedescendant={active?.id}
        aria-autocomplete="list"
        placeholder="Go to a screen, or find an order, product, customer or code"
        leftSection={<IconSearch size={20} aria-hidden="true" />}
        rightSection={loading ? <Loader size="xs" aria-hidden="true" /> : null}
      />
      {items.length > 0 ? (
        <Spotlight.ActionsList id={LIST_ID} role="listbox" aria-label="Choices">
          {PALETTE_GROUPS.map((group) => {
            const inGroup = items.filter((item) => item.group === group);
            if (inGroup.length === 0) return null;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a group of options in a listbox (ARIA's own pattern), not of form fields.
              <div key={group} role="group" aria-labelledby={groupLabelId(group)}>
                <Text id={groupLabelId(group)} className={classes.groupLabel} size="xs" fw={700}>
                  {group}
                </Text>
                {inGroup.map((item) => (
                  <Spotlight.Action
                    key={item.id}
                    // Spotlight.Action drops an id prop: set on the button itself, for aria-activedescendant.
                    renderRoot={(props) => <button type="button" {...props} id={item.id} />}
                    role="option"
                    className={classes.action}
                    aria-selected={item.id === active?.id}
                    label={item.label}
                    description={item.description}
                    onClick={() => go(item)}
                  />
                ))}
              </div>
            );
          })}
        </Spotlight.ActionsList>
      ) : (
        !loading && query.trim() !== '' && <Spotlight.Empty>Nothing found</Spotlight.Empty>
      )}
      <Text className={classes.footer} size="xs" aria-live="polite">
        <span className={classes.status}>{statusText(query, items, loading)}</span>
        <span>
          Orders and codes from 2 characters, products and customers from 3. ↑ ↓ to move, Enter to open, Esc to close.
        </span>
      </Text>
    </Spotlight.Root>
  );
}
