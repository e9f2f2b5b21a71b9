import { notifications } from '@mantine/notifications';

/** Toasts, top-right, closing by themselves (the Notifications host in app/providers sets both). */
export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green' });
}

/** An error toast; with an id, a second one with the same id is not stacked on the first. */
export function notifyError(message: string, id?: string): void {
  notifications.show({ message, color: 'red', ...(id ? { id } : {}) });
}

/** Closes every toast, e.g. a failed attempt's once the admin is signed in. */
export function clearNotifications(): void {
  notifications.clean();
}
