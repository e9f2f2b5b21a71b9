/** Only image files are taken (spec 1 section 5): the image pickers of the product and bundle forms. */
export function isImageType(type: string): boolean {
  return /^image\/[\w.+-]+$/i.test(type);
}
