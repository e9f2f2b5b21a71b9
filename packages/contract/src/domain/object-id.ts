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

/** A hex string of `bytes` random bytes, from the platform's cryptographic source (Web Crypto). */
function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The counter's start and the per-process part, drawn at the first id rather than as the module
 * loads: the admin imports this module with the contract's common schemas and never makes an id,
 * and a browser's first `crypto.getRandomValues` cost a phone's top bar 20-90 ms at 4x CPU
 * (docs/decisions/058-lighthouse-on-a-phone.md).
 */
let counter = -1;
let processPart = '';

/**
 * A new 24-hex ObjectId-style id: 8 hex digits of creation time in seconds (spec 2 reads a
 * user's join date from them), 10 of per-process randomness, 6 of an incrementing counter. The
 * server makes every row's id with it; tests that write rows of their own use it too.
 */
export function newObjectId(at: Date = new Date()): string {
  if (counter < 0) {
    counter = Number.parseInt(randomHex(3), 16);
    processPart = randomHex(5);
  }
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(at.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + processPart + counter.toString(16).padStart(6, '0');
}
