/*
 * Text PostgreSQL cannot keep: a NUL character (refused in text and jsonb alike) and a UTF-16
 * surrogate without its pair (not a character at all; it cannot be encoded as UTF-8). Requests
 * carrying them are refused by the contract (docs/decisions/017-text-input.md), never stripped.
 */

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when PostgreSQL can keep the text as it is: no NUL and no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}
