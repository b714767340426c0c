// Rotating SESSION_SECRET: with the old value in SESSION_SECRET_PREVIOUS a cookie signed with it is
// still accepted (and re-signed with the new one); without it, the same cookie signs nobody in.
import request from 'supertest';
import { createTestApp } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { defined } from './helpers/defined.js';
import { signedInAgent } from './helpers/session.js';

const database = useTestDatabase();
const OLD = 'old-session-secret-old-session-secret-0123';
const NEW = 'new-session-secret-new-session-secret-4567';

it('accepts a cookie signed with SESSION_SECRET_PREVIOUS, and only while it is set', async () => {
  const before = createTestApp({ database, env: { SESSION_SECRET: OLD } });
  const { agent, email } = await signedInAgent(before.app, database.db);
  const login = await agent.get('/api/session').expect(200);
  expect(login.body.user.email).toBe(email);
  const cookie = defined(login.request.cookies, 'the session cookie');

  const rotated = createTestApp({
    database,
    env: { SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD },
  });
  const res = await request(rotated.app).get('/api/session').set('Cookie', cookie).expect(200);
  expect(res.body.user.email).toBe(email);
  // Re-signed with the new secret (rolling sessions send the cookie with every answer).
  expect(String(res.headers['set-cookie'])).toContain('cm.sid=');

  const after = createTestApp({ database, env: { SESSION_SECRET: NEW } });
  const gone = await request(after.app).get('/api/session').set('Cookie', cookie).expect(200);
  expect(gone.body.user).toBeNull();
});

it('refuses SESSION_SECRET_PREVIOUS equal to SESSION_SECRET', () => {
  expect(() =>
    createTestApp({ database, env: { SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: NEW } }),
  ).toThrow('SESSION_SECRET_PREVIOUS');
});
