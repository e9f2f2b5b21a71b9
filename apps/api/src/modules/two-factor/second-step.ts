import { type LoginNextStep, TWO_FACTOR_MESSAGES } from '@backroom/contract';
import type { SecondStep } from '../auth/second-step';
import { secondStepFor } from './login-step';
import { twoFactorRoutes } from './routes';

/** Two-factor sign-in as the login's second step: app.ts hands it to the auth routes. */
export const twoFactorSecondStep: SecondStep = {
  challengeFor: secondStepFor,
  message: (next: LoginNextStep) =>
    next === 'twoFactorCode' ? TWO_FACTOR_MESSAGES.codeNeeded : TWO_FACTOR_MESSAGES.setupNeeded,
  routes: twoFactorRoutes,
};
