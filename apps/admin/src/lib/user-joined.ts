import { dateFromObjectId, isObjectId } from '@backroom/contract';

/**
 * When a user joined: the first 8 hex digits of their id read as seconds (spec 2 section 3), or
 * null for an id that is not one.
 */
export function joinedDate(id: string): Date | null {
  return isObjectId(id) ? dateFromObjectId(id) : null;
}

/** The Joined column: the join date in the browser's locale, '-' when the id carries none. */
export function formatJoined(id: string, locale?: string): string {
  const date = joinedDate(id);
  return date ? date.toLocaleDateString(locale) : '-';
}
