import request from 'supertest';
import { unsubscribeToken, unsubscribeUrl } from '../server/mail/unsubscribe-links.js';
import { createTestApp } from './helpers/app.js';
import { rowOf, useTestDatabase } from './helpers/db.js';
import { createUser } from './helpers/factories.js';

const database = useTestDatabase();

const subscribed = async (userId: string) =>
  (await rowOf(database.db, 'users', { user_id: userId })).is_subscribed;
const alerts = async (userId: string) =>
  (await rowOf(database.db, 'users', { user_id: userId })).alert_frequency;

describe('POST /api/unsubscribe', () => {
  it('unsubscribes with the signed link of the weekly mail', async () => {
    const { app, config } = createTestApp({ database });
    const user = await createUser(database.db);
    const url = new URL(unsubscribeUrl(config, user.user_id));
    expect(url.pathname).toBe('/unsubscribe');
    const res = await request(app)
      .post('/api/unsubscribe')
      .send({ userId: url.searchParams.get('userId'), token: url.searchParams.get('token') })
      .expect(200);
    expect(res.body.message).toBe('Has sido dado de baja correctamente.');
    expect(await subscribed(user.user_id)).toBe(false);
  });

  it('accepts the RFC 8058 one-click POST from a mail client, without a session', async () => {
    const { app, config } = createTestApp({ database });
    const user = await createUser(database.db);
    const token = unsubscribeToken(config.sessionSecret, user.user_id);
    await request(app)
      .post(`/api/unsubscribe?userId=${user.user_id}&token=${token}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(await subscribed(user.user_id)).toBe(false);
  });

  it("the artist alerts' link turns alerts off and leaves the weekly mail", async () => {
    const { app, config } = createTestApp({ database });
    const user = await createUser(database.db, { alert_frequency: 'instant' });
    const url = new URL(unsubscribeUrl(config, user.user_id, 'alerts'));
    expect(url.pathname).toBe('/unsubscribe');
    expect(url.searchParams.get('list')).toBe('alerts');
    const res = await request(app)
      .post('/api/unsubscribe')
      .send(Object.fromEntries(url.searchParams))
      .expect(200);
    expect(res.body.message).toBe('Ya no recibirás avisos de tus artistas favoritos.');
    expect(await alerts(user.user_id)).toBe('never');
    expect(await subscribed(user.user_id)).toBe(true);
  });

  it("one list's token does not unsubscribe from the other", async () => {
    const { app, config } = createTestApp({ database });
    const user = await createUser(database.db, { alert_frequency: 'daily' });
    const weekly = unsubscribeToken(config.sessionSecret, user.user_id);
    const alertsToken = unsubscribeToken(config.sessionSecret, user.user_id, 'alerts');
    await request(app)
      .post(`/api/unsubscribe?userId=${user.user_id}&token=${weekly}&list=alerts`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(400);
    await request(app)
      .post('/api/unsubscribe')
      .send({ userId: user.user_id, token: alertsToken })
      .expect(400);
    expect(await alerts(user.user_id)).toBe('daily');
    expect(await subscribed(user.user_id)).toBe(true);
  });

  it.each([
    ['only a user id', (id: string) => ({ userId: id })],
    [
      'a tampered token',
      (id: string, token: string) => ({ userId: id, token: token.slice(0, -2) + 'xx' }),
    ],
    [
      'another user’s token',
      (_id: string, _t: string, other: string) => ({ userId: _id, token: other }),
    ],
    ['a malformed user id', () => ({ userId: '123', token: 'abc' })],
  ])('rejects %s and changes nothing', async (_name, body) => {
    const { app, config } = createTestApp({ database });
    const user = await createUser(database.db);
    const other = await createUser(database.db);
    const token = unsubscribeToken(config.sessionSecret, user.user_id);
    const otherToken = unsubscribeToken(config.sessionSecret, other.user_id);
    const res = await request(app)
      .post('/api/unsubscribe')
      .send(body(user.user_id, token, otherToken));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('El enlace de baja no es válido.');
    expect(await subscribed(user.user_id)).toBe(true);
  });

  it('a token signed with another secret is refused', async () => {
    const { app } = createTestApp({ database });
    const user = await createUser(database.db);
    const foreign = unsubscribeToken('otro-secreto-otro-secreto-otro-secreto', user.user_id);
    await request(app)
      .post('/api/unsubscribe')
      .send({ userId: user.user_id, token: foreign })
      .expect(400);
    expect(await subscribed(user.user_id)).toBe(true);
  });
});
