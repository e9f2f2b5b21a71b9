const OBJECT_ID = /^[0-9a-f]{24}$/;

/** True for a 24-character lower-case hex id. */
export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID.test(value);
}

/** The creation time an id carries in its first 8 hex digits (seconds since the epoch). */
export function dateFromObjectId(id: string): Date {
  if (!isObjectId(id)) throw new Error(`not an ObjectId: ${id}`);
  return new Date(Number.parseInt(id.slice(0, 8), 16) * 1000);
}
