import type { CategoryNode, OptionSet } from '@backroom/contract';

/** The product forms' category selects and option lists (spec 1 sections 2.7 and 4), and picking in them. */

/** Sub and sub-sub after the main category changed: the first of each, or none (spec 1 section 4). */
export function categoryDefaults(
  tree: readonly CategoryNode[],
  mainCategory: string,
): { subCategory: string; subSubCategory: string } {
  const node = tree.find((n) => n.name === mainCategory);
  return { subCategory: node?.subCategories[0] ?? '', subSubCategory: node?.subSubCategories[0] ?? '' };
}

/** The choices of a category select: the tree's, plus the current value if the tree no longer lists it. */
export function withCurrent(options: readonly string[], current: string): string[] {
  return current && !options.includes(current) ? [...options, current] : [...options];
}

/** The values of the option set of that name (e.g. 'Colors'), or none. */
export function optionValues(options: readonly OptionSet[], name: string): string[] {
  return options.find((o) => o.name.trim().toLowerCase() === name.toLowerCase())?.values ?? [];
}

/**
 * The selected sizes or colours that the lists still have (spec 1 section 4). The same array
 * comes back when nothing was dropped, so a screen can compare by reference.
 */
export function keepAvailable(selected: string[], available: readonly string[]): string[] {
  const known = new Set(available);
  return selected.every((v) => known.has(v)) ? selected : selected.filter((v) => known.has(v));
}

/** Adds a value to a selection, or takes it out; picking order is kept. */
export function toggleValue<T>(selected: readonly T[], value: T): T[] {
  return selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
}

/**
 * What a multi-select dropdown reads (spec 1 section 2.7): its prompt when nothing is chosen,
 * the one label, or 'N {plural} Selected'.
 */
export function selectionSummary(labels: readonly string[], prompt: string, plural: string): string {
  if (labels.length === 0) return prompt;
  if (labels.length === 1) return labels[0] as string;
  return `${labels.length} ${plural} Selected`;
}
