import {
  addMonths,
  BUNDLE_LIMITS,
  BUNDLE_MESSAGES,
  type Bundle,
  bundleDatesProblem,
  bundleFieldsSchema,
  bundleImageCountProblem,
  dollarsToCents,
  parsePriceCents,
} from '@backroom/contract';
import { bundleOriginalTotalCents, bundleSavingsCents } from './bundle-pricing';

/*
 * What the Bundle Sales screen (spec 2 section 2, issue 11) shows and how its form reads and
 * writes a bundle. The calls' own rules live in the contract's bundles.ts and
 * domain/bundle-status.ts; the screen's labels (BUNDLE_SCREEN_TEXT) are the contract's too, since
 * the browser tests read them.
 */

/** A product picked in the form: its id, name and regular price in cents. */
export interface BundleFormProduct {
  _id: string;
  name: string;
  priceCents: number;
}

/** An image slot of the form: empty, an image the bundle has (its URL and thumbnail), or a picked file. */
export type BundleImageSlot = null | { kind: 'saved'; url: string; thumbnail: string } | { kind: 'new'; file: Blob };

/** The create and modify form's values, as its inputs hold them. Dates are yyyy-mm-dd. */
export interface BundleFormValues {
  title: string;
  description: string;
  /** Dollars as typed: '' when empty. */
  price: string;
  startDate: string;
  endDate: string;
  products: BundleFormProduct[];
  /** Always BUNDLE_LIMITS.maxImages slots. */
  images: BundleImageSlot[];
}

export type BundleFormField = keyof BundleFormValues;

const emptySlots = (): BundleImageSlot[] => Array.from({ length: BUNDLE_LIMITS.maxImages }, () => null);

/** Create New Bundle's defaults (spec 2 section 9): start today, end one month later, no product, no image. */
export function newBundleFormValues(today: string): BundleFormValues {
  return {
    title: '',
    description: '',
    price: '',
    startDate: today,
    endDate: addMonths(today, 1),
    products: [],
    images: emptySlots(),
  };
}

/**
 * Modify's values from a listed bundle: its images in the first slots, its products still in the
 * catalogue (a removed one cannot be sent back: saving without it is what fixes the bundle).
 */
export function bundleFormValues(bundle: Bundle): BundleFormValues {
  const images = emptySlots();
  bundle.images.slice(0, BUNDLE_LIMITS.maxImages).forEach((url, i) => {
    images[i] = { kind: 'saved', url, thumbnail: bundle.thumbnails[i] ?? url };
  });
  return {
    title: bundle.title,
    description: bundle.description,
    price: bundle.price.toFixed(2),
    startDate: bundle.startDate,
    endDate: bundle.endDate,
    products: bundle.products.flatMap((p) =>
      p._id === null || p.removed ? [] : [{ _id: p._id, name: p.name, priceCents: dollarsToCents(p.price) }],
    ),
    images,
  };
}

/** The names of a bundle's products deleted from the catalogue: Modify tells they are left out. */
export function removedProductNames(bundle: Bundle): string[] {
  return bundle.products.filter((p) => p._id === null || p.removed).map((p) => p.name);
}

/** The multipart text fields of create and update (spec 2 section 7): products and kept images as JSON lists. */
export function bundleFormFields(values: BundleFormValues): Record<string, string> {
  return {
    title: values.title,
    description: values.description,
    price: values.price,
    startDate: values.startDate,
    endDate: values.endDate,
    products: JSON.stringify(values.products.map((p) => p._id)),
    existingImages: JSON.stringify(keptImages(values)),
  };
}

/** The saved images the form keeps, in slot order. */
export function keptImages(values: Pick<BundleFormValues, 'images'>): string[] {
  return values.images.flatMap((slot) => (slot?.kind === 'saved' ? [slot.url] : []));
}

/** The files picked, in slot order: each goes as an `images` part. */
export function newImageFiles(values: Pick<BundleFormValues, 'images'>): Blob[] {
  return values.images.flatMap((slot) => (slot?.kind === 'new' ? [slot.file] : []));
}

/** The Pricing & Schedule figures: the original total, and the savings once a valid price is entered. */
export function bundleFormTotals(values: Pick<BundleFormValues, 'products' | 'price'>): {
  originalCents: number;
  savingsCents: number | null;
} {
  const prices = values.products.map((p) => p.priceCents);
  const parsed = parsePriceCents(values.price);
  return {
    originalCents: bundleOriginalTotalCents(prices),
    savingsCents: parsed.ok && parsed.value > 0 ? bundleSavingsCents(prices, parsed.value) : null,
  };
}

const FIELD_LABELS: Partial<Record<string, string>> = { startDate: 'Start Date', endDate: 'End Date' };

/**
 * The form's errors, one per field, from the contract's schema of the call (spec 2 section 5):
 * 'Title is required', 'Bundle price is required', 'Select at least one product', 'At least one
 * image is required', 'End Date must not be before Start Date'. Empty when the form can be sent.
 */
export function bundleFormErrors(values: BundleFormValues): Partial<Record<BundleFormField, string>> {
  const errors: Partial<Record<BundleFormField, string>> = {};
  const result = bundleFieldsSchema.safeParse(bundleFormFields(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field !== 'string' || !(field in values) || field === 'images') continue;
      const name = field as BundleFormField;
      let message = issue.message;
      if (name === 'startDate' || name === 'endDate') {
        message = message.replace('startDate', 'Start Date');
        message = `${FIELD_LABELS[name]} ${message}`;
      }
      errors[name] ??= message;
    }
  }
  // The schema checks the range only once every field reads: the form tells it at once.
  const range = values.startDate && values.endDate ? bundleDatesProblem(values.startDate, values.endDate) : null;
  if (range) errors.endDate ??= `End Date ${range.replace('startDate', 'Start Date')}`;
  const imageCount = values.images.filter((slot) => slot !== null).length;
  const imageProblem = bundleImageCountProblem(imageCount);
  if (imageProblem) errors.images = imageCount === 0 ? BUNDLE_MESSAGES.imageRequired : imageProblem;
  return errors;
}

/** A cancelled bundle's row, and a removed product's warning: background and text colours above WCAG's 4.5:1. */
export const BUNDLE_TONES = {
  cancelled: { background: '#e9ecef', text: '#343a40' },
  warning: { background: '#fff3bf', text: '#5c3c00' },
} as const;
