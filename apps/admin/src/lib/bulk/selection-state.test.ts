import { describe, expect, it } from 'vitest';
import {
  clearPicks,
  type Picks,
  picksFor,
  selectAll,
  selectionScope,
  summarize,
  togglePage,
  toggleRow,
} from './selection-state';

const page1 = ['a', 'b', 'c'];
const empty = (scope = selectionScope('{"q":"x"}', 1)): Picks => ({ scope, ids: new Set(), all: false });

describe('bulk selection', () => {
  it('picks rows one by one: some of the page is mixed, all of it is checked and offers every match', () => {
    let picks = toggleRow(empty(), 'a', page1);
    expect(summarize(picks, page1, 10)).toMatchObject({
      onPage: ['a'],
      count: 1,
      pageChecked: false,
      pageIndeterminate: true,
      canSelectAll: false,
    });
    picks = toggleRow(toggleRow(picks, 'b', page1), 'c', page1);
    expect(summarize(picks, page1, 10)).toMatchObject({ count: 3, pageChecked: true, canSelectAll: true });
    // Nothing more to offer when the page holds every match.
    expect(summarize(picks, page1, 3).canSelectAll).toBe(false);
    expect(summarize(toggleRow(picks, 'b', page1), page1, 10).onPage).toEqual(['a', 'c']);
  });

  it("the page's box picks the whole page, then clears it", () => {
    const picked = togglePage(toggleRow(empty(), 'a', page1), page1);
    expect(summarize(picked, page1, 10)).toMatchObject({ count: 3, pageChecked: true });
    expect(summarize(togglePage(picked, page1), page1, 10)).toMatchObject({ count: 0, pageChecked: false });
  });

  it("'all matching' counts the filter's total; unpicking a row leaves the rest of the page picked", () => {
    const all = selectAll(togglePage(empty(), page1), page1);
    expect(summarize(all, page1, 1234)).toMatchObject({ count: 1234, pageChecked: true, canSelectAll: false });
    const less = toggleRow(all, 'b', page1);
    expect(less.all).toBe(false);
    expect(summarize(less, page1, 1234)).toMatchObject({ onPage: ['a', 'c'], count: 2 });
    expect(summarize(clearPicks(all), page1, 1234).count).toBe(0);
  });

  it('only rows still shown count (a refresh removed one)', () => {
    const picks = togglePage(empty(), page1);
    expect(summarize(picks, ['a', 'c', 'd'], 10)).toMatchObject({
      onPage: ['a', 'c'],
      count: 2,
      pageIndeterminate: true,
    });
  });

  it('another page starts empty but keeps "all matching"; another filter drops both', () => {
    const picks = togglePage(empty(selectionScope('f', 1)), page1);
    expect(picksFor(picks, selectionScope('f', 2)).ids.size).toBe(0);
    const all = selectAll(picks, page1);
    expect(picksFor(all, selectionScope('f', 2)).all).toBe(true);
    expect(picksFor(all, selectionScope('g', 1))).toMatchObject({ all: false, ids: new Set() });
    // Filters holding '#' are told apart by the page after the last one.
    expect(picksFor(selectAll(empty(selectionScope('q#1', 1)), page1), selectionScope('q#1', 3)).all).toBe(true);
  });
});
