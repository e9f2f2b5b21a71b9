import { randomInt } from 'node:crypto';
import { makeDiscountCode } from '@backroom/contract';

/**
 * A new discount code: 8 characters from the look-alike-free alphabet, each drawn with
 * node:crypto's randomInt (uniform, no modulo bias). Uniqueness is the database's unique index:
 * the service draws again on a collision.
 */
export const newDiscountCode = (): string => makeDiscountCode(randomInt);
