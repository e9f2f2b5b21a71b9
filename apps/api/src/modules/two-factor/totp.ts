import { acceptedSteps, TWO_FACTOR } from '@backroom/contract';
import { generateSecret, generateURI, verify } from 'otplib';

/** A new authenticator secret: 160 random bits, base32 (RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function otpauthUrl(secret: string, email: string): string {
  return generateURI({ issuer: TWO_FACTOR.issuer, label: email, secret });
}

/** The QR code of that address as an SVG data URL. */
export async function qrCodeDataUrl(url: string): Promise<string> {
  // Loaded when first drawn: no start needs it (decision 051).
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/**
 * The time step a 6-digit code belongs to at `nowMs`, among the current step and one either side
 * (TWO_FACTOR.skewSteps), or null when it is none of them. Whether that step was already used is
 * the caller's question (the database remembers the last step per admin).
 */
export async function matchingStep(secret: string, code: string, nowMs: number): Promise<number | null> {
  const steps = acceptedSteps(nowMs);
  const now = steps[TWO_FACTOR.skewSteps] as number;
  const result = await verify({
    secret,
    token: code,
    // The middle of the current step, so the tolerance covers exactly one whole step either side.
    epoch: now * TWO_FACTOR.periodSeconds + TWO_FACTOR.periodSeconds / 2,
    epochTolerance: TWO_FACTOR.skewSteps * TWO_FACTOR.periodSeconds,
  });
  return result.valid ? now + result.delta : null;
}
