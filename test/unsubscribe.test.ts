import request from 'supertest';
import {
  UNSUBSCRIBE_LINK_DAYS,
  unsubscribeToken,
  unsubscribeUrl,
} from '../server/mail/unsubscribe-links.js';
import { createTestApp } from './helpers/app.js';
import { rowOf, useTestDatabase } from './helpers/db.js';
import { createUser } from './helpers/factories.js';

const database = useTestDatabase();

const subscribed = async (userId: string) =>
  (await rowOf(database.db, 'users', { user_id: userId })).is_subscribed;
const alerts = async (userId: string) =>
  (await rowOf(database.db, 'users', { user_id: userId })).alert_frequency;
/** Every mail switch of the fan, as the profile names them. */
const switches = async (userId: string) => {
  const row = await rowOf(database.db, 'users', { user_id: userId });
  return {
    weeklyMail: row.is_subscribed,
    alertFrequency: row.alert_frequency,
    changeNotices: row.change_notices,
    showReminders: row.show_reminders,
  };
};
const ALL_ON = {
  weeklyMail: true,
  alertFrequency: 'daily',
  changeNotices: true,
  showReminders: true,
};
const fanWithAllOn = () =>
  createUser(database.db, { alert_frequency: 'daily', change_notices: true, show_reminders: true });
const DAY_MS = 24 * 60 * 60 * 1000;

describe('POST /api/unsubscribe', () => {
  it('unsubscribes with the signed link of the weekly mail', async () => {
    const { app, config } = createTestApp({ database });
    const user = await createUser(database.db);
    const url = new URL(unsubscribeUrl(config, user.user_id, 'weekly', new Date()));
    expect(url.pathname).toBe('/unsubscribe');
    const res = await request(app)
      .post('/api/unsubscribe')
      .send(Object.fromEntries(url.searchParams))
      .expect(200);
    expect(res.body.message).toBe('Has sido dado de baja correctamente.');
    expect(await subscribed(user.user_id)).toBe(false);
  });

  it('accepts the RFC 8058 one-click POST of a link mailed before links had an end', async () => {
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
    const url = new URL(unsubscribeUrl(config, user.user_id, 'alerts', new Date()));
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

  it.each([
    ['changes', { changeNotices: false }, 'Ya no recibirás avisos de cambios en tus conciertos.'],
    ['reminders', { showReminders: false }, 'Ya no recibirás recordatorios de tus conciertos.'],
    ['alerts', { alertFrequency: 'never' }, 'Ya no recibirás avisos de tus artistas favoritos.'],
    ['weekly', { weeklyMail: false }, 'Has sido dado de baja correctamente.'],
  ] as const)('the %s link stops that list and nothing else', async (list, off, message) => {
    const { app, config } = createTestApp({ database });
    const user = await fanWithAllOn();
    const url = new URL(unsubscribeUrl(config, user.user_id, list, new Date()));
    expect(url.searchParams.get('list')).toBe(list);
    const res = await request(app)
      .post('/api/unsubscribe')
      .send(Object.fromEntries(url.searchParams))
      .expect(200);
    expect(res.body.message).toBe(message);
    expect(await switches(user.user_id)).toEqual({ ...ALL_ON, ...off });
  });

  it('refuses an expired link with its own Spanish message, and changes nothing', async () => {
    const { app, config } = createTestApp({ database });
    const user = await fanWithAllOn();
    const mailedAt = new Date(Date.now() - (UNSUBSCRIBE_LINK_DAYS + 1) * DAY_MS);
    const url = new URL(unsubscribeUrl(config, user.user_id, 'changes', mailedAt));
    const res = await request(app)
      .post(`/api/unsubscribe${url.search}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(400);
    expect(res.body.error).toEqual({
      code: 'expired_link',
      message: 'El enlace de baja ha caducado. Puedes darte de baja desde tu perfil.',
    });
    expect(await switches(user.user_id)).toEqual(ALL_ON);
  });

  it('refuses a link whose end was pushed later, or another list’s, or one with no end', async () => {
    const { app, config } = createTestApp({ database });
    const user = await fanWithAllOn();
    const url = new URL(unsubscribeUrl(config, user.user_id, 'reminders', new Date()));
    const later = new URLSearchParams(url.searchParams);
    later.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const otherList = new URLSearchParams(url.searchParams);
    otherList.set('list', 'changes');
    const noEnd = new URLSearchParams(url.searchParams);
    noEnd.delete('expires');
    const oldStyle = new URLSearchParams({
      userId: user.user_id,
      list: 'changes',
      token: unsubscribeToken(config.sessionSecret, user.user_id, 'changes'),
    });
    for (const query of [later, otherList, noEnd, oldStyle]) {
      const res = await request(app)
        .post(`/api/unsubscribe?${query}`)
        .type('form')
        .send('List-Unsubscribe=One-Click')
        .expect(400);
      expect(res.body.error).toEqual({
        code: 'invalid_link',
        message: 'El enlace de baja no es válido.',
      });
    }
    expect(await switches(user.user_id)).toEqual(ALL_ON);
  });

  it('words its answer in the language of the page that asks', async () => {
    const { app, config } = createTestApp({ database });
    const user = await fanWithAllOn();
    const url = new URL(unsubscribeUrl(config, user.user_id, 'reminders', new Date()));
    const res = await request(app)
      .post('/api/unsubscribe')
      .set('X-Page-Lang', 'ca')
      .send(Object.fromEntries(url.searchParams))
      .expect(200);
    expect(res.body.message).toBe('Ja no rebràs recordatoris dels teus concerts.');
  });
});
