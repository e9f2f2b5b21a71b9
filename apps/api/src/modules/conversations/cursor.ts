import { isObjectId } from '@backroom/contract';

/**
 * A position in the conversation list: the last conversation's activity time (whole microseconds
 * since the epoch, or null when it has no message) and its id. The values travel in the cursor,
 * not just the id, so a conversation that jumps to the top while an admin pages (a new message)
 * neither restarts nor shifts the pages after it (decision 030).
 */
export interface ConversationCursor {
  activityMicros: string | null;
  id: string;
}

const NO_ACTIVITY = 'none';

/** 'micros.id', or 'none.id' for a conversation without a message: opaque to clients. */
export function encodeConversationCursor(cursor: ConversationCursor): string {
  return `${cursor.activityMicros ?? NO_ACTIVITY}.${cursor.id}`;
}

/** The cursor back, or undefined when it is not one we hand out. */
export function decodeConversationCursor(text: string): ConversationCursor | undefined {
  const match = /^(none|-?\d{1,18})\.([0-9a-f]{24})$/.exec(text);
  if (!match?.[1] || !match[2] || !isObjectId(match[2])) return undefined;
  return { activityMicros: match[1] === NO_ACTIVITY ? null : match[1], id: match[2] };
}
