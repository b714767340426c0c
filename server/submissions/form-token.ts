// The token issued with the submissions form: the time it was issued and an HMAC of it, so the
// minimum fill time is measured from a time the server wrote, never one the client claims.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A form older than this is refused: it was fetched once and replayed, or left open for a day. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type FormTokenCheck = 'ok' | 'invalid' | 'too_fast' | 'expired';

// The session secret keys it, under a label of its own so no other HMAC of that secret matches.
const signatureOf = (secret: string, issuedAt: number) =>
  createHmac('sha256', secret).update(`band-submission-form:${issuedAt}`).digest('base64url');

export function issueFormToken(secret: string, now: Date): string {
  const issuedAt = now.getTime();
  return `${issuedAt}.${signatureOf(secret, issuedAt)}`;
}

export function checkFormToken(
  secret: string,
  token: string,
  now: Date,
  minFillSeconds: number,
): FormTokenCheck {
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match) return 'invalid';
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(signatureOf(secret, issuedAt));
  const given = Buffer.from(match[2]!); // the pattern has two groups
  if (!timingSafeEqual(given, expected)) return 'invalid';
  const age = now.getTime() - issuedAt;
  if (age > MAX_AGE_MS) return 'expired';
  if (age < minFillSeconds * 1000) return 'too_fast';
  return 'ok';
}
