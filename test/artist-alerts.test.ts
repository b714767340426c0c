// Artist alerts: a concert that appears with a fan's favourite artist mails that fan once, with
// their score and reason, at most one mail a day, as the fan chose (at once, daily, never), and
// exactly once however many senders run or die half way.
import {
  alertFansOf,
  DAILY_ALERTS_CRON,
  runDailyAlerts,
  sweepArtistAlerts,
  type AlertDeps,
} from '../server/alerts/artist-alerts.js';
import { claimAlertDelivery } from '../server/alerts/alerts.repository.js';
import { QUEUES } from '../server/jobs/queues.js';
import { scoreConcertsForEveryFan } from '../server/recommendations/concert-rescore.js';
import { createTestApp, senderDepsAt } from './helpers/app.js';
import { rowOf, rowsOf, useTestDatabase } from './helpers/db.js';
import { createBand, createConcert, createUser, createVenue } from './helpers/factories.js';
import { createLatch } from './helpers/latch.js';
import { allSent, liveJobs } from './helpers/queue.js';
import { oneClickUrlOf, postOneClick } from './helpers/one-click.js';
import { signedInAgent } from './helpers/session.js';
import { headerOf, recipients, useSmtpSink } from './helpers/smtp-sink.js';
import { eventually, useJobsApp } from './fixtures/jobs-app.js';

const database = useTestDatabase({
  poolSize: 20,
  cleared: [
    'artist_alerts',
    'mail_deliveries',
    'band_submissions',
    'concerts',
    'bands',
    'venues',
    'sessions',
    'users',
  ],
});
const smtp = useSmtpSink();
const jobs = useJobsApp(() => ({ database, env: { SMTP_URL: smtp.url } }));

/** A day of June 2030 in Mallorca (CEST, UTC+2), at `time`. */
const june = (day: number, time: string) =>
  new Date(`2030-06-${String(day).padStart(2, '0')}T${time}:00+02:00`);

const deps = (at: Date): AlertDeps => senderDepsAt(database, jobs.mailer, jobs.config)(at);

const mailsTo = (email: string) =>
  smtp.messages.filter((mail) => recipients(mail).includes(email.toLowerCase()));

const alertDeliveries = () =>
  database.db
    .selectFrom('mail_deliveries')
    .select(['id', 'user_id', 'status', 'payload'])
    .where('kind', '=', 'artist_alert')
    .orderBy('id')
    .execute();

/** A concert of these bands on 20 June 2030 appears at `at`: scored, then its alerts. */
async function appears(bandNames: string[], at: Date) {
  const venue = await createVenue(database.db);
  const bands = [];
  for (const band_name of bandNames) bands.push(await createBand(database.db, { band_name }));
  const concert = await createConcert(database.db, {
    day: '2030-06-20',
    hour: '21:30',
    venue: venue.name,
    venue_id: venue.id,
    bandIds: bands.map((band) => band.id),
  });
  await scoreConcertsForEveryFan({ ...deps(at) }, [concert.id]);
  return { concert, ...(await alertFansOf(deps(at), [concert.id])) };
}

const fan = (top_artists: string[], alert_frequency: 'instant' | 'daily' | 'never') =>
  createUser(database.db, { top_artists, alert_frequency });

describe('through the admin and the job queue', () => {
  /** Nothing more can go out: no job left to run, every alert mail sent. */
  const settled = () =>
    eventually(async () => {
      const jobsLeft =
        (await liveJobs(database.db, QUEUES.concertRescore)) +
        (await liveJobs(database.db, QUEUES.artistAlerts));
      return jobsLeft === 0 && (await allSent(database.db));
    });

  it("a new concert with a favourite's band mails that fan once, with their score and reason", async () => {
    const mecano = await fan(['Mecano'], 'instant');
    const other = await fan(['Los Planetas'], 'instant');
    const venue = await createVenue(database.db, { name: 'Es Gremi' });
    const { agent } = await signedInAgent(jobs.app, database.db, { is_admin: true });
    const created = await agent
      .post('/api/admin/concerts')
      .send({
        day: '2030-07-04',
        hour: '21:00',
        genre: 'Pop',
        price: '25',
        venueId: venue.id,
        bandNames: ['Mecanó'],
      })
      .expect(201);
    const concertId = created.body.id as number;

    const mail = await smtp.waitForMail(mecano.email, /Mecanó/, 20_000);
    await settled();
    expect(mailsTo(mecano.email)).toHaveLength(1);
    expect(mailsTo(other.email)).toEqual([]);
    expect(mail.subject).toBe('Nuevo concierto de Mecanó en Mallorca');
    expect(mail.text).toContain('Mecanó · jueves, 4 de julio a las 21:00');
    expect(mail.text).toContain('Es Gremi');
    const { reason } = await rowOf(database.db, 'user_concert_recommendations', {
      user_id: mecano.user_id,
      concert_id: concertId,
    });
    expect(reason).toMatch(/Mecanó/);
    expect(mail.text).toContain(`🔥🔥🔥 Encaje muy alto: ${reason}`);
    expect(mail.text).toContain(
      `${jobs.config.publicUrl}/conciertos/${concertId}-mecano-es-gremi-4-julio-2030`,
    );

    // The same concert again (a job run twice, a band linked later): never a second mail for it.
    await alertFansOf(deps(new Date()), [concertId]);
    await agent
      .post(`/api/admin/concerts/${concertId}/bands`)
      .send({ name: 'Sa Fosca' })
      .expect(201);
    await settled();
    expect(mailsTo(mecano.email)).toHaveLength(1);
    expect(await rowsOf(database.db, 'artist_alerts', { user_id: mecano.user_id })).toHaveLength(1);

    // Its one-click header turns alerts off, and leaves the weekly mail as it was.
    const oneClick = oneClickUrlOf(mail);
    expect(oneClick.searchParams.get('list')).toBe('alerts');
    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const off = await postOneClick(jobs.app, oneClick).expect(200);
    expect(off.body).toEqual({ message: 'Ya no recibirás avisos de tus artistas favoritos.' });
    const after = await rowOf(database.db, 'users', { user_id: mecano.user_id });
    expect([after.alert_frequency, after.is_subscribed]).toEqual(['never', true]);
  }, 60_000);

  it('a band linked to a concert already there, or a submission approved, alerts its fans', async () => {
    const fosca = await fan(['sa fosca'], 'instant');
    const tiburones = await fan(['Los Tiburones del Puerto'], 'instant');
    const venue = await createVenue(database.db);
    const concert = await createConcert(database.db, {
      day: '2030-07-05',
      venue: venue.name,
      venue_id: venue.id,
    });
    const band = await createBand(database.db, { band_name: 'Sa Fosca' });
    const { agent } = await signedInAgent(jobs.app, database.db, { is_admin: true });
    await agent
      .post('/api/admin/links')
      .send({ concertId: concert.id, bandId: band.id })
      .expect(201);

    // A band's own proposal, confirmed from its mail and waiting for review.
    const { id } = await database.db
      .insertInto('band_submissions')
      .values({
        band_name: 'Los Tiburones del Puerto',
        contact_email: 'banda@example.com',
        day: '2030-07-06',
        hour: '21:30',
        genre: 'Rock',
        price: '12',
        venue_id: venue.id,
        venue_name: venue.name,
        status: 'pending',
        confirmed_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await agent.post(`/api/admin/submissions/${id}/approve`).expect(200);

    const linked = await smtp.waitForMail(fosca.email, /Sa Fosca/, 20_000);
    const approved = await smtp.waitForMail(tiburones.email, /Tiburones/, 20_000);
    await settled();
    expect(linked.subject).toBe('Nuevo concierto de Sa Fosca en Mallorca');
    expect(approved.subject).toBe('Nuevo concierto de Los Tiburones del Puerto en Mallorca');
    expect(mailsTo(fosca.email)).toHaveLength(1);
    expect(mailsTo(tiburones.email)).toHaveLength(1);
  }, 60_000);
});

describe('matching', () => {
  it('is case and accents aside, and only for fans of the band', async () => {
    const planetas = await fan(['LOS PLANETAS'], 'daily');
    const mecano = await fan(['Mecano'], 'daily');
    const nobody = await fan(['Triángulo de Amor Bizarro'], 'daily');
    const notVerified = await createUser(database.db, {
      top_artists: ['Los Planetas'],
      email_verified_at: null,
    });
    const at = june(12, '10:00');
    expect((await appears(['Los Planetas'], at)).matched).toBe(1);
    expect((await appears(['Mecanó'], at)).matched).toBe(1);
    const matched = await database.db.selectFrom('artist_alerts').select('user_id').execute();
    expect(matched.map((row) => row.user_id).sort()).toEqual(
      [planetas.user_id, mecano.user_id].sort(),
    );
    for (const user of [nobody, notVerified]) {
      expect(await rowsOf(database.db, 'artist_alerts', { user_id: user.user_id })).toEqual([]);
    }
  });
});

describe('how often', () => {
  it("'daily': sent at the 09:00 run, not before; two matches of a day are one mail", async () => {
    expect(DAILY_ALERTS_CRON).toBe('0 9 * * *');
    const daily = await fan(['Mecano', 'Los Planetas'], 'daily');
    await appears(['Mecano'], june(12, '10:00'));
    await appears(['Los Planetas'], june(12, '18:00'));
    // The every-minute sweep sends nothing for a 'daily' fan, up to the next morning.
    expect(await sweepArtistAlerts(deps(june(13, '08:59')))).toEqual({ sent: 0 });
    expect(smtp.messages).toEqual([]);

    // Every instance fires the 09:00 run: one mail with both concerts.
    const runs = await Promise.all([
      runDailyAlerts(deps(june(13, '09:00'))),
      runDailyAlerts(deps(june(13, '09:00'))),
    ]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(1);
    const [mail, ...more] = mailsTo(daily.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('2 conciertos nuevos de tus artistas favoritos');
    expect(mail!.text).toContain('Mecano · jueves, 20 de junio a las 21:30');
    expect(mail!.text).toContain('Los Planetas · jueves, 20 de junio a las 21:30');
    expect(await runDailyAlerts(deps(june(14, '09:00')))).toEqual({ sent: 0 });
    expect(smtp.messages).toHaveLength(1);
  });

  it("'instant': mailed at once, once a day; a later match waits for the next day's run", async () => {
    const instant = await fan(['Mecano', 'Los Planetas'], 'instant');
    expect((await appears(['Mecano'], june(12, '10:00'))).sent).toBe(1);
    expect(mailsTo(instant.email).map((mail) => mail.subject)).toEqual([
      'Nuevo concierto de Mecano en Mallorca',
    ]);
    expect((await appears(['Los Planetas'], june(12, '18:00'))).sent).toBe(0);
    expect(await sweepArtistAlerts(deps(june(12, '23:59')))).toEqual({ sent: 0 });
    // Past midnight the held match does not go on its own: it waits for the 09:00 run.
    expect(await sweepArtistAlerts(deps(june(13, '00:01')))).toEqual({ sent: 0 });
    expect(await runDailyAlerts(deps(june(13, '09:00')))).toEqual({ sent: 1 });
    expect(mailsTo(instant.email).map((mail) => mail.subject)).toEqual([
      'Nuevo concierto de Mecano en Mallorca',
      'Nuevo concierto de Los Planetas en Mallorca',
    ]);
  });

  it("is written in the fan's saved language", async () => {
    const catalan = (name: string, top_artists: string[]) =>
      createUser(database.db, { name, top_artists, alert_frequency: 'daily', locale: 'ca' });
    const joan = await catalan('Joan', ['Mecano']);
    const aina = await catalan('Aina', ['Los Planetas', 'Sopa de Cabra']);
    await appears(['Mecano'], june(12, '10:00'));
    await appears(['Los Planetas'], june(12, '11:00'));
    await appears(['Sopa de Cabra'], june(12, '12:00'));
    expect(await runDailyAlerts(deps(june(13, '09:00')))).toEqual({ sent: 2 });

    const [one] = mailsTo(joan.email);
    expect(one!.subject).toBe('Nou concert de Mecano a Mallorca');
    expect(one!.html).toContain('<html lang="ca"');
    expect(one!.text).toContain('Hola, Joan!');
    expect(one!.text).toContain('S’ha anunciat un concert d’un dels teus artistes preferits:');
    expect(one!.text).toContain('Mecano · dijous, 20 de juny a les 21:30');
    expect(one!.text).toContain('🔥🔥🔥 Encaix molt alt');
    const [many] = mailsTo(aina.email);
    expect(many!.subject).toBe('2 concerts nous dels teus artistes preferits');
    expect(many!.text).toContain('T’avisam perquè aquests artistes són entre els teus preferits.');
  });

  it("'never' sends nothing; matches waiting when a fan chooses it are dropped for good", async () => {
    const never = await fan(['Mecano'], 'never');
    expect((await appears(['Mecano'], june(12, '10:00'))).matched).toBe(0);

    const { app } = createTestApp({ database, clock: () => june(12, '12:00') });
    const { agent, userId, email } = await signedInAgent(app, database.db, {
      top_artists: ['Los Planetas'],
    });
    expect((await agent.get('/api/profile').expect(200)).body.alertFrequency).toBe('daily');
    expect((await appears(['Los Planetas'], june(12, '11:00'))).matched).toBe(1);
    const off = await agent.patch('/api/profile').send({ alertFrequency: 'never' }).expect(200);
    expect(off.body.alertFrequency).toBe('never');
    // Back to 'daily' before the run: what was dropped stays dropped.
    await agent.patch('/api/profile').send({ alertFrequency: 'daily' }).expect(200);
    expect(await runDailyAlerts(deps(june(13, '09:00')))).toEqual({ sent: 0 });
    expect(await sweepArtistAlerts(deps(june(13, '09:01')))).toEqual({ sent: 0 });
    expect(mailsTo(email)).toEqual([]);
    expect(mailsTo(never.email)).toEqual([]);
    const [dropped] = await rowsOf(database.db, 'artist_alerts', { user_id: userId });
    expect(dropped!.dropped_at).not.toBeNull();
  });
});

describe('exactly once', () => {
  /** Two 'daily' fans with a match waiting, gathered by the 09:00 run into pending mails. */
  async function pendingMails() {
    const fans = [await fan(['Mecano'], 'daily'), await fan(['Mecano'], 'daily')];
    await appears(['Mecano'], june(12, '10:00'));
    smtp.setDown(true);
    expect((await runDailyAlerts(deps(june(13, '09:00')))).sent).toBe(0);
    smtp.setDown(false);
    return fans;
  }

  it('a mail claimed by a sender that dies goes once, with the next sender', async () => {
    const fans = await pendingMails();
    const [first] = await alertDeliveries();
    const claimed = createLatch();
    const killed = createLatch();
    // A sender's transaction holds the claim, then dies before the SMTP server said anything.
    const dying = database.db.transaction().execute(async (trx) => {
      expect(await claimAlertDelivery(trx, first!.id)).toBeDefined();
      claimed.open();
      await killed.wait();
      throw new Error('proceso terminado');
    });
    await claimed.wait();
    const later = june(13, '12:00');
    // The other sender skips the claimed mail (SKIP LOCKED), and sends the other fan's.
    expect(await sweepArtistAlerts(deps(later))).toEqual({ sent: 1 });
    killed.open();
    await expect(dying).rejects.toThrow('proceso terminado');
    expect(await sweepArtistAlerts(deps(later))).toEqual({ sent: 1 });
    expect(await sweepArtistAlerts(deps(later))).toEqual({ sent: 0 });
    for (const { email } of fans) expect(mailsTo(email)).toHaveLength(1);
    expect((await alertDeliveries()).map((d) => d.status)).toEqual(['sent', 'sent']);
  });

  it('senders racing on the same mails send each once', async () => {
    const fans = await pendingMails();
    // The first sender's mails wait for the SMTP server's answer while the others run.
    const release = smtp.hold();
    const later = june(13, '12:00');
    const first = sweepArtistAlerts(deps(later));
    await eventually(() => smtp.heldCount() === 2);
    const others = await Promise.all([
      sweepArtistAlerts(deps(later)),
      runDailyAlerts(deps(later)),
      sweepArtistAlerts(deps(later)),
    ]);
    expect(others.map((result) => result.sent)).toEqual([0, 0, 0]);
    release();
    expect(await first).toEqual({ sent: 2 });
    for (const { email } of fans) expect(mailsTo(email)).toHaveLength(1);
    expect(smtp.messages).toHaveLength(2);
  });
});
