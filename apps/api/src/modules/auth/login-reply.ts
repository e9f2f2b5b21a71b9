import { API_PATHS } from '@backroom/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  type DeviceClaim,
  decodeDevice,
  encodeDevice,
} from './device-cookie';
import { LoginThrottled } from './service';

/*
 * What the login's routes share, the password step and the two-factor step alike
 * (docs/decisions/003-login-limits.md): the device cookie read and sent, and Retry-After on a 429.
 */

/** The device a request's signed device cookie names; a missing, unsigned or forged one names none. */
export function deviceOf(request: FastifyRequest): DeviceClaim | undefined {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? decodeDevice(unsigned.value) : undefined;
}

/** Remembers the device that just signed in (renewed at every sign-in). Path /api/user/admin covers the second step too. */
export function sendDeviceCookie(request: FastifyRequest, reply: FastifyReply, device: DeviceClaim): void {
  reply.setCookie(DEVICE_COOKIE, encodeDevice(device), {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: API_PATHS.login,
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}

/** Passes an error on, telling the client when to try again if it is the login limits' 429. */
export function withRetryAfter(reply: FastifyReply) {
  return (error: unknown): never => {
    if (error instanceof LoginThrottled) reply.header('retry-after', Math.ceil(error.retryAfterMs / 1000));
    throw error;
  };
}
