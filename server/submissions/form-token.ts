// The token issued with the submissions form: the time it was issued, a nonce and an HMAC of both,
// so the minimum fill time is measured from a time the server wrote, never one the client claims.
// The nonce is recorded when a submission is accepted (used_submission_forms): a token works once.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A form older than this is refused: it was fetched once and replayed, or left open too long. */
export const FORM_TOKEN_MAX_AGE_MS = 60 * 60 * 1000;

export type FormTokenCheck =
  { result: 'ok'; nonce: string } | { result: 'invalid' | 'too_fast' | 'expired' };

// The session secret keys it, under a label of its own so no other HMAC of that secret matches.
const signatureOf = (secret: string, issuedAt: number, nonce: string) =>
  createHmac('sha256', secret)
    .update(`band-submission-form:${issuedAt}.${nonce}`)
    .digest('base64url');

export function issueFormToken(secret: string, now: Date): string {
  const issuedAt = now.getTime();
  const nonce = randomBytes(16).toString('base64url');
  return `${issuedAt}.${nonce}.${signatureOf(secret, issuedAt, nonce)}`;
}

export function checkFormToken(
  secret: string,
  token: string,
  now: Date,
  minFillSeconds: number,
): FormTokenCheck {
  const match = /^(\d{1,15})\.([\w-]{22})\.([\w-]{43})$/.exec(token);
  if (!match) return { result: 'invalid' };
  const [, issued, nonce, signature] = match as unknown as [string, string, string, string];
  const issuedAt = Number(issued);
  const expected = Buffer.from(signatureOf(secret, issuedAt, nonce));
  if (!timingSafeEqual(Buffer.from(signature), expected)) return { result: 'invalid' };
  const age = now.getTime() - issuedAt;
  if (age > FORM_TOKEN_MAX_AGE_MS) return { result: 'expired' };
  if (age < minFillSeconds * 1000) return { result: 'too_fast' };
  return { result: 'ok', nonce };
}
