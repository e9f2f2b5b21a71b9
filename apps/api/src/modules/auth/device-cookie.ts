import { randomBytes } from 'node:crypto';

/**
 * The login device cookie (docs/decisions/003-login-limits.md): a device that has signed in to an
 * account before carries a signed, httpOnly cookie naming a random device id and that account. It
 * spares the device the e-mail-wide wait a stranger can cause; the device has its own count instead.
 */
export const DEVICE_COOKIE = 'backroom_device';

/** Kept 180 days; every sign-in from the device renews it. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 86_400;

/** The name the generated signing key is kept under in the secrets table. */
export const DEVICE_SECRET_NAME = 'login_device_cookie';

export interface DeviceClaim {
  deviceId: string;
  userId: string;
}

export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

export function newDeviceSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The value signed into the cookie: '<device id>:<user id>'. */
export function encodeDevice(claim: DeviceClaim): string {
  return `${claim.deviceId}:${claim.userId}`;
}

/** The claim in a cookie whose signature was checked; anything not shaped like ours is no claim. */
export function decodeDevice(value: string | null | undefined): DeviceClaim | undefined {
  const match = value ? /^([A-Za-z0-9_-]{22}):([0-9a-f]{24})$/.exec(value) : null;
  if (!match) return undefined;
  return { deviceId: match[1] as string, userId: match[2] as string };
}
