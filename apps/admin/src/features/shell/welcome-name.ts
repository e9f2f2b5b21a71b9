/**
 * The name the top bar greets: the first word of the user's name with its first letter
 * capitalised, or 'Admin' when there is none (spec 1 section 2.2).
 */
export function welcomeName(name: string | null | undefined): string {
  const first = (name ?? '').trim().split(/\s+/)[0] ?? '';
  if (first === '') return 'Admin';
  return first.charAt(0).toUpperCase() + first.slice(1);
}
