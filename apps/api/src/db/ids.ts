import { randomBytes } from 'node:crypto';

let counter = randomBytes(3).readUIntBE(0, 3);
const processPart = randomBytes(5).toString('hex');

/**
 * A new 24-hex ObjectId-style id: 8 hex digits of creation time in seconds (spec 2 reads a
 * user's join date from them), 10 of per-process randomness, 6 of an incrementing counter.
 */
export function newId(at: Date = new Date()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(at.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + processPart + counter.toString(16).padStart(6, '0');
}
