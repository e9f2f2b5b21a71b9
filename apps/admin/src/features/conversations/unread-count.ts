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

/*
 * The two socket events the shell hears are read by their one field, checked here rather than with
 * the contract's schemas: the shell is on every signed-in first screen, whose load carries no
 * schema (docs/decisions/058-lighthouse-on-a-phone.md). A payload without the field is ignored, as
 * the schemas' refusal was.
 */
const field = (payload: unknown, name: string): unknown =>
  typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>)[name] : undefined;

/** An adminUnreadUpdated payload's count (a whole number, 0 or more), or undefined. */
export function broadcastCount(payload: unknown): number | undefined {
  const count = field(payload, 'count');
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : undefined;
}

/** A newMessage payload's isAdmin flag (only it matters to the count), or undefined. */
export function sentByAdmin(payload: unknown): boolean | undefined {
  const isAdmin = field(payload, 'isAdmin');
  return typeof isAdmin === 'boolean' ? isAdmin : undefined;
}
