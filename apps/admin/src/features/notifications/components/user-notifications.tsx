/** User Notifications: an e-mail to all or selected customers (spec 2 section 2). */
export function UserNotifications() {
  return null;
}
