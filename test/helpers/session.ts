import type { Express } from 'express';
import request from 'supertest';
import { hashPassword } from '../../server/accounts/password.js';
import type { Database } from '../../server/db/database.js';
import { createUser, type UserOverrides } from './factories.js';

export const TEST_PASSWORD = 'secreto123';
let passwordHash: Promise<string> | undefined;

/**
 * A supertest agent signed in as a new user (made by the factory, logged in over HTTP).
 * Clears the login rate-limit counters after itself so tests can sign in many fans.
 */
export async function signedInAgent(app: Express, db: Database, overrides: UserOverrides = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD, 4);
  const user = await createUser(db, { password_hash: await passwordHash, ...overrides });
  const agent = request.agent(app);
  await agent
    .post('/api/auth/login')
    .send({ email: user.email, password: TEST_PASSWORD })
    .expect(200);
  await db.deleteFrom('rate_limits').where('key', 'like', 'login-%').execute();
  return { agent, userId: user.user_id, email: user.email };
}
