import { type AccessoryFormValues, PRODUCT_LIMITS } from '@backroom/contract';

/** The Add and Modify product forms' accessories (spec 1 section 4): how many, adding and removing them. */

export const blankAccessory = (): AccessoryFormValues => ({
  name: '',
  description: '',
  price: '',
  flags: [],
  images: [],
});

/** A count the accessory selector may hold: 1 to 5. */
export function clampAccessoryCount(count: number): number {
  if (!Number.isFinite(count)) return PRODUCT_LIMITS.minAccessories;
  return Math.min(PRODUCT_LIMITS.maxAccessories, Math.max(PRODUCT_LIMITS.minAccessories, Math.trunc(count)));
}

/** The accessory list grown with blank entries, or cut, to the count (1 to 5; spec 1 section 4). */
export function resizeAccessories<T>(list: readonly T[], count: number, blank: () => T): T[] {
  const size = clampAccessoryCount(count);
  if (list.length >= size) return list.slice(0, size);
  return [...list, ...Array.from({ length: size - list.length }, blank)];
}

/**
 * Deleting an accessory removes it and lowers the count (spec 1 section 4). Deleting the last one
 * unticks Has Accessory instead of leaving a blank, required 'Accessory 1' that would block Save.
 */
export function removeAccessory<T>(list: readonly T[], index: number): { accessories: T[]; hasAccessory: boolean } {
  const accessories = list.filter((_, i) => i !== index);
  return { accessories, hasAccessory: accessories.length > 0 };
}

/** Checking Has Accessory starts with one blank accessory; unchecking it clears them (spec 1 section 4). */
export function accessoriesForToggle<T>(hasAccessory: boolean, list: readonly T[], blank: () => T): T[] {
  if (!hasAccessory) return [];
  return list.length > 0 ? [...list] : [blank()];
}
