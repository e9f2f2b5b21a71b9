/** The color value of an order item is 'color|size'; either part may be missing or the text 'null' (spec 2 section 2). */
export interface ItemVariant {
  color: string | null;
  size: string | null;
}

const present = (part: string | undefined): string | null => {
  const value = part?.trim();
  return value && value.toLowerCase() !== 'null' ? value : null;
};

export function parseItemVariant(value: string | null | undefined): ItemVariant {
  if (!value) return { color: null, size: null };
  const [color, size] = value.split('|');
  return { color: present(color), size: present(size) };
}

/** Up to `shown` item names and how many more there are ('+N more' on an order card). */
export function itemNamesPreview(names: readonly string[], shown: number): { names: string[]; more: number } {
  return { names: names.slice(0, shown), more: Math.max(0, names.length - shown) };
}

/** Line total in cents: unit price x quantity. */
export function lineTotalCents(unitPriceCents: number, quantity: number): number {
  return unitPriceCents * quantity;
}
