/*
 * The stock grid of a product that tracks stock (docs/decisions/055-stock.md): one cell per colour
 * × size it is sold in, '' standing for "no colours" or "no sizes", so a product with neither has
 * one cell. Shared by the API (what it stores) and the admin's form (what it shows).
 */

export interface StockCell {
  color: string;
  size: string;
  quantity: number;
}

/** The grid's colours and sizes: the product's own, or [''] when it has none. */
export function stockAxes(colors: readonly string[], sizes: readonly string[]): { colors: string[]; sizes: string[] } {
  const uniq = (values: readonly string[]) => [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))];
  const c = uniq(colors);
  const s = uniq(sizes);
  return { colors: c.length > 0 ? c : [''], sizes: s.length > 0 ? s : [''] };
}

const key = (color: string, size: string) => `${color}\u0000${size}`;

/**
 * Every cell of the grid, colour by colour then size by size: its quantity from `given` (the form's
 * cells), else from `kept` (what is stored), else 0. Cells of colours or sizes the product no
 * longer has are dropped.
 */
export function stockGrid(
  colors: readonly string[],
  sizes: readonly string[],
  given: readonly StockCell[] = [],
  kept: readonly StockCell[] = [],
): StockCell[] {
  const axes = stockAxes(colors, sizes);
  const from = (cells: readonly StockCell[]) =>
    new Map(cells.map((c) => [key(c.color.trim(), c.size.trim()), c.quantity]));
  const givenBy = from(given);
  const keptBy = from(kept);
  return axes.colors.flatMap((color) =>
    axes.sizes.map((size) => ({
      color,
      size,
      quantity: givenBy.get(key(color, size)) ?? keptBy.get(key(color, size)) ?? 0,
    })),
  );
}

/** Cells that name a colour or size the grid does not have: the form's mistake to report. */
export function strayStockCells(colors: readonly string[], sizes: readonly string[], cells: readonly StockCell[]) {
  const axes = stockAxes(colors, sizes);
  return cells.filter((c) => !axes.colors.includes(c.color.trim()) || !axes.sizes.includes(c.size.trim()));
}
