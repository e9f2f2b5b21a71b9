/**
 * What a form dialog asks before it closes on unsaved input (docs/decisions/047-unsaved-dialogs.md):
 * admin-only words, so they live in the admin, not in the contract.
 */
export const UNSAVED_CHANGES_TEXT = {
  title: 'Discard changes?',
  body: 'What you typed in this form has not been saved. If you discard it, it is lost.',
  keep: 'Keep editing',
  discard: 'Discard',
} as const;

/**
 * Whether a form's values differ from those it opened with: strings, numbers and booleans by value,
 * lists item by item, plain objects key by key; anything else (a picked File) by identity.
 */
export function changedFrom(initial: unknown, current: unknown): boolean {
  if (Object.is(initial, current)) return false;
  if (Array.isArray(initial) && Array.isArray(current)) {
    return initial.length !== current.length || initial.some((item, i) => changedFrom(item, current[i]));
  }
  if (isPlainObject(initial) && isPlainObject(current)) {
    const keys = new Set([...Object.keys(initial), ...Object.keys(current)]);
    return [...keys].some((key) => changedFrom(initial[key], current[key]));
  }
  return true;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Whether an Esc pressed with the focus on `target` is the dialog's (`root`, its whole portal) to act
 * on. It is when pressed inside the dialog, or with the focus nowhere (on the page's body). It is not
 * when pressed in a layer the dialog opened over itself and drawn outside it (a date calendar, a
 * list, a menu, the discard confirm), which closes by itself; nor on a control inside that takes Esc
 * itself (Mantine marks a field whose list is open with data-mantine-stop-propagation).
 */
export function escapeBelongsTo(root: Element | null, target: EventTarget | null): boolean {
  if (!root || !isElement(target)) return false;
  const doc = target.ownerDocument;
  if (target === doc.body || target === doc.documentElement) return true;
  return root.contains(target) && target.getAttribute('data-mantine-stop-propagation') !== 'true';
}

function isElement(target: EventTarget | null): target is Element {
  return typeof target === 'object' && target !== null && 'ownerDocument' in target && 'getAttribute' in target;
}
