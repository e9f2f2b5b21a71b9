/** What changes the unread badge (spec 1 section 4). */
export type UnreadEvent =
  | { kind: 'fetched'; count: number }
  | { kind: 'broadcast'; count: number }
  | { kind: 'newMessage'; isAdmin: boolean };

/** The unread count after an event: a fetch or broadcast replaces it; a customer message adds 1. */
export function nextUnreadCount(current: number, event: UnreadEvent): number {
  switch (event.kind) {
    case 'fetched':
    case 'broadcast':
      return Number.isFinite(event.count) && event.count > 0 ? Math.floor(event.count) : 0;
    case 'newMessage':
      return event.isAdmin ? current : current + 1;
  }
}
