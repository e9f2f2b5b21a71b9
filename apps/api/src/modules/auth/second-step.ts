import type { LoginNextStep } from '@backroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client';

/** The login's answer when a right password is not yet enough. */
export interface LoginChallenge {
  next: LoginNextStep;
  /** 256 random bits; only its SHA-256 is kept. */
  challenge: string;
}

/**
 * A sign-in step after the password (two-factor sign-in, modules/two-factor/second-step.ts), handed
 * to the auth routes by app.ts. Auth never imports it: two-factor builds on auth (its tokens,
 * passwords, login limits and device cookie), so the arrow points that way only.
 */
export interface SecondStep {
  /** The challenge a right password leads to, or undefined when the session opens at once. */
  challengeFor(db: DbOrTx, userId: string): Promise<LoginChallenge | undefined>;
  /** What the login's first answer says when a second step follows. */
  message(next: LoginNextStep): string;
  /** Its routes, registered inside the auth routes: they read and send the same device cookie. */
  routes: FastifyPluginAsyncZod;
}

/** Whether a login answer is a challenge rather than a session. */
export function isChallenge(answer: object): answer is LoginChallenge {
  return 'challenge' in answer;
}
