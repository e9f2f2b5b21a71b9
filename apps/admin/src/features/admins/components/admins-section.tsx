/** The admin table with Add New Admin (spec 2 section 2, Admin Management). */
export function AdminsSection() {
  return null;
}
