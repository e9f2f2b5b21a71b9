/**
 * The entries of an ordered list an admin edits (sub-categories, option values): trimmed, blanks
 * dropped (spec 1 section 5), repeats dropped, order kept.
 */
export function cleanEntries(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    if (value === '' || seen.has(value)) continue;
    seen.add(value);
    out.push(value);
  }
  return out;
}

/** The index of the first name that repeats an earlier one (compared trimmed, case-insensitively), or -1. */
export function firstDuplicate(names: readonly string[]): number {
  const seen = new Set<string>();
  for (const [i, name] of names.entries()) {
    const key = name.trim().toLowerCase();
    if (seen.has(key)) return i;
    seen.add(key);
  }
  return -1;
}

const NO_SUB_SUB_FILTER = new Set(['figures', 'decoration', 'widgets']);

/** The list's sub-sub category filter is hidden for figures, decoration and widgets (spec 1 section 2.5). */
export function showsSubSubFilter(mainCategory: string): boolean {
  return !NO_SUB_SUB_FILTER.has(mainCategory.trim().toLowerCase());
}
