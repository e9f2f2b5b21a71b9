import { PRODUCT_LIMITS } from '../constants';

/**
 * The names of the file fields of the product calls (spec 1 section 7): image1..image10 on add,
 * newImages[] on update, and accessory{i}_image{n} on both, where i counts accessories from 1 in
 * the order of the accessories JSON and n is 1 or 2.
 */
export type ImageField =
  | { kind: 'image'; slot: number }
  | { kind: 'newImage' }
  | { kind: 'accessory'; accessory: number; slot: number };

export const productImageField = (slot: number) => `image${slot}`;
export const accessoryImageField = (accessory: number, slot: number) => `accessory${accessory}_image${slot}`;
export const NEW_IMAGES_FIELD = 'newImages[]';

const IMAGE = /^image(\d{1,3})$/;
const ACCESSORY = /^accessory(\d{1,3})_image(\d{1,3})$/;

/** Reads a file field's name; null when it is none of the above. Slot numbers are not range-checked. */
export function parseImageField(field: string): ImageField | null {
  if (field === NEW_IMAGES_FIELD || field === 'newImages') return { kind: 'newImage' };
  const image = IMAGE.exec(field);
  if (image) return { kind: 'image', slot: Number(image[1]) };
  const accessory = ACCESSORY.exec(field);
  if (accessory) return { kind: 'accessory', accessory: Number(accessory[1]), slot: Number(accessory[2]) };
  return null;
}

/** Why a product may not take this file, or null when it may (limits of spec 1 sections 5 and 9). */
export function imageFieldProblem(field: ImageField, accessoryCount: number): string | null {
  switch (field.kind) {
    case 'image':
      return field.slot < 1 || field.slot > PRODUCT_LIMITS.maxImages ? 'Maximum 10 images allowed' : null;
    case 'newImage':
      return null;
    case 'accessory':
      if (field.slot < 1 || field.slot > PRODUCT_LIMITS.maxAccessoryImages) {
        return `at most ${PRODUCT_LIMITS.maxAccessoryImages} images per accessory`;
      }
      if (field.accessory < 1 || field.accessory > accessoryCount) return `there is no accessory ${field.accessory}`;
      return null;
  }
}
