/**
 * A wait as a 429's message says it, the same wait its Retry-After header gives in seconds:
 * '1 second', '45 seconds', then whole minutes rounded up ('1 minute', '15 minutes').
 */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 second' : `${s} seconds`;
  const minutes = Math.ceil(s / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
