// Tokens mailed in links (password reset, email verification): 256 random bits, of which only
// the SHA-256 is stored, so a database leak gives no usable link.
import { createHash, randomBytes } from 'node:crypto';

export const newLinkToken = () => randomBytes(32).toString('base64url');

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');
