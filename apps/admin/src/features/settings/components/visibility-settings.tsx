/** Visibility Settings: categories, product tags and Contact Support (spec 2 section 2). */
export function VisibilitySettings() {
  return null;
}
