import { type ImageField, imageFieldProblem, MESSAGES, PRODUCT_LIMITS, parseImageField } from '@backroom/contract';
import { HttpError } from '../../http-error';
import type { PreparedImage } from '../../storage/images';
import { prepareFormImage } from '../../storage/stored-images';

/** A file of a product form, checked and re-encoded, not yet stored. */
export interface UploadedImage extends PreparedImage {
  field: string;
  target: ImageField;
}

/**
 * The onFile handler of one product form: refuses a file field the call does not take (image{n}
 * on add, newImages[] on update, accessory{i}_image{n} on both), an 11th image, a third image
 * of an accessory, a sixth accessory, a field given twice, and any file that is not an image;
 * then re-encodes the image.
 */
export function productImageHandler(call: 'add' | 'update') {
  const seen = new Set<string>();
  let newImages = 0;
  return async (field: string, data: Buffer): Promise<UploadedImage> => {
    const target = parseImageField(field);
    const expected = target && (call === 'add' ? target.kind !== 'newImage' : target.kind !== 'image');
    if (!target || !expected) throw new HttpError(400, `${field}: is not a file field of this form`);
    const problem = imageFieldProblem(target, PRODUCT_LIMITS.maxAccessories);
    if (problem) throw new HttpError(400, `${field}: ${problem}`);
    if (target.kind === 'newImage') {
      newImages += 1;
      if (newImages > PRODUCT_LIMITS.maxImages) throw new HttpError(400, `${field}: ${MESSAGES.maxImages}`);
    } else {
      if (seen.has(field)) throw new HttpError(400, `${field}: is given more than once`);
      seen.add(field);
    }
    return { field, target, ...(await prepareFormImage(field, data)) };
  };
}
