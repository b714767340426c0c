// What the server tells the service worker about the session (server/lib/session-signals.ts): a
// fan's page says until when its session lives, and every 401 and sign-out says it has ended, so
// the offline copy of the fan's agenda never outlives the session that made it.
import request from 'supertest';
import { useTestApp } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { signedInAgent } from './helpers/session.js';

const database = useTestDatabase({ cleared: ['users', 'rate_limits'] });
const testApp = useTestApp(() => ({ database }));
const DAY_MS = 24 * 60 * 60 * 1000;

describe('session signals', () => {
  it("a fan's page carries its session's expiry; a visitor's carries none", async () => {
    const { agent } = await signedInAgent(testApp.app, database.db);
    const page = await agent.get('/myconcerts').expect(200);
    const ends = Date.parse(page.headers['x-session-expires'] as string);
    expect(ends).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    expect(ends).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS + 60_000);
    const visitor = await request(testApp.app).get('/myconcerts');
    expect(visitor.headers['x-session-expires']).toBeUndefined();
  });

  it('a 401 and a sign-out say the session ended', async () => {
    const missing = await request(testApp.app).get('/api/profile').expect(401);
    expect(missing.headers['x-session-ended']).toBe('1');
    const { agent } = await signedInAgent(testApp.app, database.db);
    const out = await agent.post('/api/auth/logout').expect(204);
    expect(out.headers['x-session-ended']).toBe('1');
    const after = await agent.get('/api/profile').expect(401);
    expect(after.headers['x-session-ended']).toBe('1');
  });
});
