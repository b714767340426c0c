// The private feed's token: '<selector><secret>', 16 + 43 base64url characters. The selector
// (96 random bits) finds the row; the secret (256 random bits) is checked against its stored
// SHA-256 with timingSafeEqual. The database never holds the secret, and no lookup or comparison
// takes a time that depends on how much of the secret was guessed right.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const SELECTOR_LENGTH = 16;
const SECRET_LENGTH = 43;
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{59}$/;

export interface NewFeedToken {
  token: string;
  selector: string;
  secretHash: string;
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function newFeedToken(): NewFeedToken {
  const selector = randomBytes(12).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  return { token: selector + secret, selector, secretHash: hashSecret(secret) };
}

/** The selector and secret of a well-formed token, else undefined. */
export function splitFeedToken(token: string): { selector: string; secret: string } | undefined {
  if (!FEED_TOKEN_PATTERN.test(token)) return undefined;
  return {
    selector: token.slice(0, SELECTOR_LENGTH),
    secret: token.slice(SELECTOR_LENGTH, SELECTOR_LENGTH + SECRET_LENGTH),
  };
}

/** Constant-time comparison of a presented secret with the stored hash. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
