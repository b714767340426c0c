// What follows an admin's edit: change notices to the fans who liked the concert (once each, nobody
// else, nothing for a description fix), cancelled concerts out of scoring and mails, and scores
// kept right for every fan.
import { useTestApp } from './helpers/app.js';
import { ADMIN_EDIT_TABLES, rowOf, rowsOf, useTestDatabase } from './helpers/db.js';
import { eventually } from './helpers/eventually.js';
import { createBand, createConcert, createUser, createVenue } from './helpers/factories.js';
import { signedInAgent } from './helpers/session.js';
import { oneClickUrlOf, postOneClick } from './helpers/one-click.js';
import { headerOf, recipients, useSmtpSink } from './helpers/smtp-sink.js';
import { findNextConcerts } from '../server/weekly-mail/matches.repository.js';

const database = useTestDatabase({ cleared: ['mail_deliveries', ...ADMIN_EDIT_TABLES] });
const smtp = useSmtpSink();
const testApp = useTestApp(() => ({
  database,
  env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:3000' },
}));

const app = () => testApp.app;
const admin = () => signedInAgent(app(), database.db, { is_admin: true });

const noticesTo = (email: string) =>
  smtp.messages.filter(
    (mail) =>
      recipients(mail).includes(email.toLowerCase()) &&
      /concierto/i.test(mail.subject ?? '') &&
      !/Bienvenido/.test(mail.subject ?? ''),
  );

async function like(userId: string, concertId: number) {
  await database.db
    .insertInto('user_concert_recommendations')
    .values({ user_id: userId, concert_id: concertId, liked: true })
    .execute();
}

const sentNotices = async () =>
  (
    await database.db
      .selectFrom('mail_deliveries')
      .select(['user_id', 'status'])
      .where('kind', '=', 'concert_change')
      .execute()
  ).map((row) => row.status);

/** A concert with two fans to tell and three who must hear nothing. */
async function seedLikers() {
  const venue = await createVenue(database.db, { name: 'Es Gremi' });
  const other = await createVenue(database.db, { name: 'Sala Rex' });
  const band = await createBand(database.db, { band_name: 'Tramuntana Blues' });
  const concert = await createConcert(database.db, {
    day: '2030-06-12',
    hour: '21:30',
    venue: venue.name,
    venue_id: venue.id,
    price: '10.00',
    bandIds: [band.id],
  });
  const ana = await createUser(database.db, { email: 'ana@example.com' });
  const bea = await createUser(database.db, { email: 'bea@example.com' });
  const quiet = await createUser(database.db, { email: 'quiet@example.com' });
  await database.db
    .updateTable('users')
    .set({ change_notices: false })
    .where('user_id', '=', quiet.user_id)
    .execute();
  const unverified = await createUser(database.db, {
    email: 'unverified@example.com',
    email_verified_at: null,
  });
  const stranger = await createUser(database.db, { email: 'stranger@example.com' });
  for (const fan of [ana, bea, quiet, unverified]) await like(fan.user_id, concert.id);
  return { concert, other, fans: { ana, bea, quiet, unverified, stranger } };
}

describe('change notices', () => {
  it('go once to each fan who liked the concert and to nobody else, none for a description edit', async () => {
    const { concert, other } = await seedLikers();
    const { agent } = await admin();

    await agent
      .patch(`/api/admin/concerts/${concert.id}`)
      .send({ day: '2030-06-13', price: '12.5', venueId: other.id })
      .expect(200);
    await eventually(async () => {
      const statuses = await sentNotices();
      return statuses.length === 2 && statuses.every((status) => status === 'sent');
    });
    const [toAna] = noticesTo('ana@example.com');
    expect(noticesTo('ana@example.com')).toHaveLength(1);
    expect(noticesTo('bea@example.com')).toHaveLength(1);
    for (const email of ['quiet@example.com', 'unverified@example.com', 'stranger@example.com']) {
      expect(noticesTo(email)).toEqual([]);
    }
    expect(toAna!.subject).toBe('Cambios en un concierto que te gusta: Tramuntana Blues');
    expect(toAna!.text).toContain(
      'Fecha: antes miércoles, 12 de junio, ahora jueves, 13 de junio.',
    );
    // Intl writes a no-break space before the euro sign.
    expect(toAna!.text!.replace(/\u00a0/g, ' ')).toContain('Precio: antes 10,00 €, ahora 12,50 €.');
    expect(toAna!.text).toContain('Sala: antes Es Gremi, ahora Sala Rex.');
    expect(toAna!.text).toContain('Puedes dejar de recibir estos avisos en tu perfil.');

    // A description fix (and a name) writes no delivery: they are written with the edit itself.
    await agent
      .patch(`/api/admin/concerts/${concert.id}`)
      .send({ description: 'Con artista invitado.', name: 'Noche de blues' })
      .expect(200);
    expect(await sentNotices()).toHaveLength(2);

    // The next real change is one more mail each: so the description edit sent none.
    await agent.patch(`/api/admin/concerts/${concert.id}`).send({ hour: '22:00' }).expect(200);
    await eventually(async () => (await sentNotices()).filter((s) => s === 'sent').length === 4);
    expect(noticesTo('ana@example.com')).toHaveLength(2);
    expect(noticesTo('bea@example.com')).toHaveLength(2);
    expect(smtp.messages.filter((mail) => /concierto/i.test(mail.subject ?? ''))).toHaveLength(4);
  });

  it("are written in each fan's saved language", async () => {
    const { concert, other, fans } = await seedLikers();
    const joan = await createUser(database.db, { email: 'joan@example.com', locale: 'ca' });
    await like(joan.user_id, concert.id);
    const mailsTo = (email: string) =>
      smtp.messages.filter((mail) => recipients(mail).includes(email));
    const { agent } = await admin();

    await agent
      .patch(`/api/admin/concerts/${concert.id}`)
      .send({ day: '2030-06-13', price: '12.5', venueId: other.id })
      .expect(200);
    await eventually(async () => (await sentNotices()).filter((s) => s === 'sent').length === 3);
    const [changed] = mailsTo('joan@example.com');
    expect(changed!.subject).toBe('Canvis en un concert que t’agrada: Tramuntana Blues');
    expect(changed!.html).toContain('<html lang="ca"');
    expect(changed!.text).toContain('Ha canviat el concert «Tramuntana Blues» que t’agrada:');
    expect(changed!.text).toContain('Data: abans dimecres, 12 de juny, ara dijous, 13 de juny.');
    expect(changed!.text!.replace(/\u00a0/g, ' ')).toContain('Preu: abans 10,00 €, ara 12,50 €.');
    expect(changed!.text).toContain('Pots deixar de rebre aquests avisos al teu perfil.');
    const [toAna] = noticesTo(fans.ana.email);
    expect(toAna!.subject).toBe('Cambios en un concierto que te gusta: Tramuntana Blues');
    expect(toAna!.html).toContain('<html lang="es"');

    await agent.post(`/api/admin/concerts/${concert.id}/cancel`).expect(200);
    await eventually(async () => (await sentNotices()).filter((s) => s === 'sent').length === 6);
    const [, cancelled] = mailsTo('joan@example.com');
    expect(cancelled!.subject).toBe('Concert cancel·lat: Tramuntana Blues');
    expect(cancelled!.text).toContain(
      'El concert «Tramuntana Blues» del dijous, 13 de juny a les 21:30 s’ha cancel·lat.',
    );
  });

  it('carry their own one-click unsubscribe, which stops the notices alone', async () => {
    const { concert, other, fans } = await seedLikers();
    const { agent } = await admin();
    await agent.patch(`/api/admin/concerts/${concert.id}`).send({ venueId: other.id }).expect(200);
    const mail = await smtp.waitForMail(fans.ana.email, /Cambios en un concierto/);
    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = oneClickUrlOf(mail);
    expect(oneClick.searchParams.get('list')).toBe('changes');
    // A visible link in the body too, to the page that asks first.
    expect(mail.text).toContain(
      `http://localhost:3000/unsubscribe?userId=${fans.ana.user_id}&list=changes&expires=`,
    );
    expect(mail.text).toContain('No quiero más avisos de cambios en mis conciertos');

    // The mail provider's POST: no cookie, only the header's address.
    const off = await postOneClick(app(), oneClick).expect(200);
    expect(off.body).toEqual({ message: 'Ya no recibirás avisos de cambios en tus conciertos.' });
    const after = await rowOf(database.db, 'users', { user_id: fans.ana.user_id });
    expect([after.change_notices, after.is_subscribed, after.show_reminders]).toEqual([
      false,
      true,
      false,
    ]);
    expect(after.alert_frequency).toBe('daily');
    // Bea's link is hers: Ana's token with Bea's id changes nothing.
    const stolen = new URL(oneClick);
    stolen.searchParams.set('userId', fans.bea.user_id);
    const refused = await postOneClick(app(), stolen).expect(400);
    expect(refused.body.error.message).toBe('El enlace de baja no es válido.');
    expect((await rowOf(database.db, 'users', { user_id: fans.bea.user_id })).change_notices).toBe(
      true,
    );
  });

  it('are not sent for a concert already past', async () => {
    const fan = await createUser(database.db);
    const past = await createConcert(database.db, { day: '2020-01-01' });
    await like(fan.user_id, past.id);
    const { agent } = await admin();
    await agent.patch(`/api/admin/concerts/${past.id}`).send({ price: '1' }).expect(200);
    expect(await sentNotices()).toEqual([]);
  });

  it('can be turned off from the profile', async () => {
    const { agent } = await signedInAgent(app(), database.db);
    const off = await agent.patch('/api/profile').send({ changeNotices: false }).expect(200);
    expect(off.body.changeNotices).toBe(false);
    expect((await agent.get('/api/profile').expect(200)).body.changeNotices).toBe(false);
    const bad = await agent.patch('/api/profile').send({ changeNotices: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Los avisos de cambios deben ser sí o no.');
  });
});

describe('cancelling a concert', () => {
  it('keeps it, marked cancelled, tells its fans once, and takes it out of scoring and mails', async () => {
    const { concert, fans } = await seedLikers();
    await database.db
      .updateTable('user_concert_recommendations')
      .set({ score: 'high', reason: 'Antes', engine: 'builtin' })
      .where('concert_id', '=', concert.id)
      .execute();
    const { agent } = await admin();
    const res = await agent.post(`/api/admin/concerts/${concert.id}/cancel`).expect(200);
    expect(res.body.cancelledAt).toEqual(expect.any(String));
    await eventually(async () => (await sentNotices()).filter((s) => s === 'sent').length === 2);
    const [toBea] = noticesTo('bea@example.com');
    expect(toBea!.subject).toBe('Concierto cancelado: Tramuntana Blues');
    expect(toBea!.text).toContain(
      'El concierto «Tramuntana Blues» del miércoles, 12 de junio a las 21:30 se ha cancelado.',
    );
    // Cancelling again changes nothing and tells nobody again.
    await agent.post(`/api/admin/concerts/${concert.id}/cancel`).expect(200);
    expect(await sentNotices()).toHaveLength(2);

    // Out of scoring: its scores are gone and a generation does not score it again; likes stay.
    const rows = await rowsOf(database.db, 'user_concert_recommendations', {
      concert_id: concert.id,
    });
    expect(rows.every((row) => row.score === null && row.liked)).toBe(true);
    await testApp.recommendations.kick(fans.stranger.user_id);
    await testApp.recommendations.kick(fans.ana.user_id);
    const scores = async () =>
      (await rowsOf(database.db, 'user_concert_recommendations', { concert_id: concert.id }))
        .map((row) => row.score)
        .filter((score) => score !== null);
    expect(await scores()).toEqual([]);

    // Still in the agenda, marked cancelled; not counted as waiting for a score.
    const { agent: fan, userId: fanId } = await signedInAgent(app(), database.db);
    const agenda = await fan.get('/api/concerts').expect(200);
    const shown = agenda.body.concerts.find((c: { id: number }) => c.id === concert.id);
    expect(shown.cancelled).toBe(true);
    const progress = await fan.get('/api/recommendations/progress').expect(200);
    expect(progress.body.total).toBe(0);

    // Out of the weekly mail's fallback list too.
    const next = await findNextConcerts(database.db, fanId, {
      from: '2030-06-01',
      to: '2030-06-30',
      nowTime: '00:00',
    });
    expect(next).toEqual([]);

    // Restored: scored again for every onboarded fan.
    await agent.post(`/api/admin/concerts/${concert.id}/restore`).expect(200);
    expect((await scores()).length).toBeGreaterThan(0);
  });
});

describe('scores stay right', () => {
  it('a new concert is scored at once for every onboarded fan (built-in engine)', async () => {
    const venue = await createVenue(database.db);
    const rock = await createUser(database.db, { top_genres: ['Rock'] });
    const jazz = await createUser(database.db, { top_genres: ['Jazz'] });
    const newcomer = await createUser(database.db, { onboarding_completed: false });
    const { agent } = await admin();
    const res = await agent
      .post('/api/admin/concerts')
      .send({
        day: '2030-07-01',
        hour: '21:00',
        genre: 'Jazz',
        price: '5',
        venueId: venue.id,
        bandNames: ['Quartet Llevant'],
      })
      .expect(201);
    const rows = await rowsOf(database.db, 'user_concert_recommendations', {
      concert_id: res.body.id,
    });
    const byFan = Object.fromEntries(rows.map((row) => [row.user_id, row]));
    expect(byFan[jazz.user_id]).toMatchObject({ score: 'high', engine: 'builtin' });
    expect(byFan[rock.user_id]).toMatchObject({ engine: 'builtin' });
    expect(byFan[rock.user_id]!.score).not.toBe('high');
    expect(byFan[newcomer.user_id]).toBeUndefined();
  });

  it('a change of genre or bands re-scores the concert for every fan; likes stay', async () => {
    const favourite = await createBand(database.db, { band_name: 'Rata Negra' });
    const fan = await createUser(database.db, {
      top_genres: ['Jazz'],
      top_artists: ['Rata Negra'],
    });
    const concert = await createConcert(database.db, { day: '2030-08-01', genre: 'Reggaetón' });
    await database.db
      .insertInto('user_concert_recommendations')
      .values({
        user_id: fan.user_id,
        concert_id: concert.id,
        liked: true,
        score: 'low',
        reason: 'Viejo',
        engine: 'builtin',
      })
      .execute();
    const { agent } = await admin();
    const scoreOf = async () => {
      const { score, liked } = await rowOf(database.db, 'user_concert_recommendations', {
        user_id: fan.user_id,
        concert_id: concert.id,
      });
      return { score, liked };
    };

    await agent.patch(`/api/admin/concerts/${concert.id}`).send({ genre: 'Jazz' }).expect(200);
    expect(await scoreOf()).toEqual({ score: 'high', liked: true });
    await agent
      .post(`/api/admin/concerts/${concert.id}/bands`)
      .send({ bandId: favourite.id })
      .expect(201);
    expect(await scoreOf()).toEqual({ score: 'extreme', liked: true });
    await agent.delete(`/api/admin/concerts/${concert.id}/bands/${favourite.id}`).expect(200);
    expect(await scoreOf()).toEqual({ score: 'high', liked: true });
    // A description edit leaves the score alone.
    await database.db
      .updateTable('user_concert_recommendations')
      .set({ reason: 'Marcado' })
      .where('concert_id', '=', concert.id)
      .execute();
    await agent
      .patch(`/api/admin/concerts/${concert.id}`)
      .send({ description: 'Texto' })
      .expect(200);
    const kept = await rowOf(database.db, 'user_concert_recommendations', {
      concert_id: concert.id,
    });
    expect(kept.reason).toBe('Marcado');
  });
});
