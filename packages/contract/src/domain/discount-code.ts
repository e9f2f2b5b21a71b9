/*
 * Discount codes are made by the server (docs/decisions/027-discount-codes.md): 8 characters from
 * an alphabet without look-alikes, each drawn uniformly from a cryptographic random source.
 */

/** A-Z and 2-9 without 0/O, 1/I/L: 31 characters a customer cannot misread or mistype. */
export const DISCOUNT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Characters in a made code: 31^8, about 8.5e11 codes (39.6 bits). */
export const DISCOUNT_CODE_LENGTH = 8;

/** The longest code a path or a customer may name. */
export const DISCOUNT_CODE_MAX = 32;

/**
 * A new code. `randomIndex(n)` must return a uniformly random whole number from 0 to n-1 from a
 * cryptographic source (node:crypto's randomInt on the server).
 */
export function makeDiscountCode(randomIndex: (n: number) => number, length = DISCOUNT_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i += 1) {
    const index = randomIndex(DISCOUNT_CODE_ALPHABET.length);
    if (!Number.isInteger(index) || index < 0 || index >= DISCOUNT_CODE_ALPHABET.length) {
      throw new RangeError(`randomIndex gave ${index}, outside 0..${DISCOUNT_CODE_ALPHABET.length - 1}`);
    }
    code += DISCOUNT_CODE_ALPHABET[index];
  }
  return code;
}

/** What a customer or a path names: trimmed and upper-cased (made codes are upper case). */
export function normaliseDiscountCode(text: string): string {
  return text.trim().toUpperCase();
}

/** Whether text could be a code the server made: the alphabet only, at least DISCOUNT_CODE_LENGTH long. */
export function isMadeDiscountCode(text: string): boolean {
  if (text.length < DISCOUNT_CODE_LENGTH || text.length > DISCOUNT_CODE_MAX) return false;
  return [...text].every((c) => DISCOUNT_CODE_ALPHABET.includes(c));
}
