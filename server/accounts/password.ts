import bcrypt from 'bcrypt';

/** bcrypt cost: 12 in production; tests and demo data may pass a lower one to stay fast. */
export const PRODUCTION_BCRYPT_COST = 12;

export function hashPassword(plain: string, cost = PRODUCTION_BCRYPT_COST): Promise<string> {
  return bcrypt.hash(plain, cost);
}

export function verifyPassword(plain: string, hash: string): Promise<boolean> {
  return bcrypt.compare(plain, hash);
}
