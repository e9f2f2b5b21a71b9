import { notifications } from '@mantine/notifications';

/*
 * Toasts, top-right, closing by themselves (the Notifications host in app/providers sets both;
 * docs/decisions/048-toast-placement.md).
 * Each toast's id comes from its kind and message, so the same message shown again while the first
 * is still up is not stacked on it: Mantine keeps the one already shown.
 */
type Kind = 'success' | 'error';
const COLORS: Record<Kind, string> = { success: 'green', error: 'red' };

/** The id a toast gets when its caller names none: the same message, the same toast. */
export function toastId(kind: Kind, message: string): string {
  return `toast-${kind}-${message}`;
}

function show(kind: Kind, message: string, id?: string): void {
  notifications.show({ message, color: COLORS[kind], id: id ?? toastId(kind, message) });
}

export function notifySuccess(message: string): void {
  show('success', message);
}

/** An error toast; with an id, a second one with the same id (whatever its text) is not stacked on the first. */
export function notifyError(message: string, id?: string): void {
  show('error', message, id);
}

/** Closes every toast, e.g. a failed attempt's once the admin is signed in. */
export function clearNotifications(): void {
  notifications.clean();
}
