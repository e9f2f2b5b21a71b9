import { ORDER_LINE_PROBLEMS } from '@backroom/contract';
import type { CustomerProductRow } from './repository';
import { type Hidden, isVisibleProduct } from './visibility';

/** Why a product cannot be ordered: the status to answer and the problem, or null when it can. */
export interface LineProblem {
  status: 404 | 409;
  problem: string;
}

/**
 * Whether a product read in the order's transaction can be ordered: it exists and is visible (an
 * unknown and a hidden product are the same 404, so hidden ones stay secret), it is in stock, and
 * it is not flagged 'not available yet' or 'coming soon'.
 */
export function productProblem(product: CustomerProductRow | undefined, hidden: Hidden): LineProblem | null {
  if (!product || !isVisibleProduct(product, hidden)) return { status: 404, problem: ORDER_LINE_PROBLEMS.unavailable };
  if (product.outOfStock) return { status: 409, problem: `"${product.name}" ${ORDER_LINE_PROBLEMS.outOfStock}` };
  if (product.notAvailableYet || product.comingSoon) {
    return { status: 409, problem: `"${product.name}" ${ORDER_LINE_PROBLEMS.notYetOnSale}` };
  }
  return null;
}

/** The first problem among a bundle's products, or null when every one can be ordered. */
export function bundleLinesProblem(lines: CustomerProductRow[], hidden: Hidden): LineProblem | null {
  for (const line of lines) {
    const problem = productProblem(line, hidden);
    if (problem) return problem;
  }
  return null;
}

export type VariantChoice =
  | { ok: true; color: string | undefined; size: string | undefined }
  | { ok: false; field: 'color' | 'size'; status: 400 | 409; problem: string };

/**
 * The colour and size chosen, as the product spells them (matched without regard to case), or why
 * not: a colour or size the product does not come in (400), a colour sold out (409).
 */
export function chooseVariant(
  product: CustomerProductRow,
  choice: { color?: string | undefined; size?: string | undefined },
): VariantChoice {
  let color: string | undefined;
  let size: string | undefined;
  if (choice.color !== undefined) {
    const wanted = choice.color.toLowerCase();
    const variant = product.colorVariants.find((v) => v.color.toLowerCase() === wanted);
    if (!variant) {
      return { ok: false, field: 'color', status: 400, problem: `"${product.name}" does not come in ${choice.color}` };
    }
    if (variant.outOfStock) {
      const problem = `"${product.name}" in ${variant.color} ${ORDER_LINE_PROBLEMS.outOfStock}`;
      return { ok: false, field: 'color', status: 409, problem };
    }
    color = variant.color;
  } else if (product.colorVariants.length > 0) {
    // Sold in colours: the customer must say which (a line without one could not be packed).
    const offered = product.colorVariants.filter((v) => !v.outOfStock).map((v) => v.color);
    if (offered.length === 0) {
      return { ok: false, field: 'color', status: 409, problem: `"${product.name}" ${ORDER_LINE_PROBLEMS.outOfStock}` };
    }
    const problem = `"${product.name}" comes in colours: choose one of ${offered.join(', ')}`;
    return { ok: false, field: 'color', status: 400, problem };
  }
  if (choice.size !== undefined) {
    const wanted = choice.size.toLowerCase();
    size = [...product.clothingSizes, ...product.canvasSizes].find((s) => s.toLowerCase() === wanted);
    if (size === undefined) {
      return {
        ok: false,
        field: 'size',
        status: 400,
        problem: `"${product.name}" does not come in size ${choice.size}`,
      };
    }
  }
  return { ok: true, color, size };
}
