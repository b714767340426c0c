import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { spanish as es } from './helpers/texts.js';
import { WEEKLY_ALREADY_SENT } from '../server/admin/runs/admin-actions.routes.js';
import { QUEUES } from '../server/jobs/queues.js';
import { isoWeekOf } from '../server/weekly-mail/iso-week.js';
import { createLogger } from '../server/lib/logger.js';
import { startWeeklyCampaign } from '../server/weekly-mail/campaign.service.js';
import { sendCampaign } from '../server/weekly-mail/send-campaign.js';
import { fixedClock } from './helpers/app.js';
import { rowOf, useTestDatabase } from './helpers/db.js';
import { createBand, createConcert, createUser } from './helpers/factories.js';
import { campaignsDone as allCampaignsDone, liveJobs } from './helpers/queue.js';
import { oneClickUrlOf, postOneClick } from './helpers/one-click.js';
import { headerOf, useSmtpSink } from './helpers/smtp-sink.js';
import { eventually, useJobsApp } from './fixtures/jobs-app.js';

const TOKEN = 'token-de-administracion-de-pruebas-123';
// Monday 10 June 2030, 10:00 in Mallorca: "the next 14 days" run to Sunday 23 June.
const clock = fixedClock('2030-06-10T08:00:00Z');

const database = useTestDatabase({
  poolSize: 20,
  cleared: ['mail_campaigns', 'concerts', 'bands', 'users'],
});
const smtp = useSmtpSink();
const jobs = useJobsApp(() => ({
  database,
  clock,
  env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://conciertos.example', ADMIN_API_TOKEN: TOKEN },
}));

const trigger = (modo: string) =>
  request(jobs.app).post('/api/sendWeeklyEmail').set('X-Admin-Token', TOKEN).send({ modo });

const campaignsDone = () => allCampaignsDone(database.db);

const recipientsOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
    a.value.map((v) => v.address),
  );
const mailsTo = (email: string) =>
  smtp.messages.filter((mail) => recipientsOf(mail).includes(email.toLowerCase()));

async function score(userId: string, concertId: number, value: string, reason: string) {
  await database.db
    .insertInto('user_concert_recommendations')
    .values({ user_id: userId, concert_id: concertId, score: value, reason, engine: 'builtin' })
    .execute();
}

/** A fan with matches of every kind, one without any, one unsubscribed; plus the week's concerts. */
async function seedWeek() {
  const band = await createBand(database.db, { band_name: 'Tramuntana Blues' });
  const soon = await createConcert(database.db, {
    day: '2030-06-12',
    hour: '21:30',
    venue: 'Es Gremi',
    genre: 'Blues',
    price: '0',
    bandIds: [band.id],
  });
  const later = await createConcert(database.db, {
    day: '2030-06-20',
    venue: 'Auditòrium de Palma',
    genre: 'Jazz',
    price: '18.50',
    bandname: 'Quartet Llevant',
  });
  const medium = await createConcert(database.db, { day: '2030-06-15', bandname: 'Son Rock' });
  const low = await createConcert(database.db, { day: '2030-06-13', bandname: 'Nada Mío' });
  const tooFar = await createConcert(database.db, { day: '2030-06-30', bandname: 'Lejano' });
  const fan = await createUser(database.db, { name: 'Marta' });
  await score(fan.user_id, later.id, 'high', 'Te encanta el jazz.');
  await score(fan.user_id, soon.id, 'extreme', '¡Es Tramuntana Blues, de tus favoritos!');
  await score(fan.user_id, medium.id, 'medium', 'Puede sorprenderte.');
  await score(fan.user_id, low.id, 'low', 'No es lo tuyo.');
  await score(fan.user_id, tooFar.id, 'extreme', 'Demasiado lejos.');
  const lonely = await createUser(database.db, { name: null });
  await score(lonely.user_id, low.id, 'low', 'No es lo tuyo.');
  const gone = await createUser(database.db, { is_subscribed: false });
  const admin = await createUser(database.db, { is_admin: true, is_subscribed: false });
  return { fan, lonely, gone, admin };
}

it('computes ISO weeks in Europe/Madrid', () => {
  expect(isoWeekOf(new Date('2030-06-10T08:00:00Z'))).toBe('2030-W24');
  // Sunday 23:30 UTC is already Monday in Madrid.
  expect(isoWeekOf(new Date('2030-06-16T22:30:00Z'))).toBe('2030-W25');
  expect(isoWeekOf(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53');
});

it("sends a 'prueba' only to admins, as often as asked", async () => {
  const { admin, fan } = await seedWeek();
  for (let i = 0; i < 2; i += 1) {
    const res = await trigger('prueba').expect(200);
    expect(res.body).toEqual({ message: 'Email semanal en marcha para 1 usuario.' });
  }
  await eventually(campaignsDone);
  expect(smtp.messages.flatMap(recipientsOf)).toEqual([admin.email, admin.email]);
  expect(smtp.messages[0]!.subject).toMatch(/^\[Prueba\]/);
  expect(mailsTo(fan.email)).toHaveLength(0);
});

it("sends the 'real' mail once per subscribed fan, with their matches and unsubscribe links", async () => {
  const { fan, lonely, gone, admin } = await seedWeek();
  const res = await trigger('real').expect(200);
  expect(res.body).toEqual({ message: 'Email semanal en marcha para 2 usuarios.' });
  await eventually(campaignsDone);

  expect(smtp.messages).toHaveLength(2);
  expect(mailsTo(gone.email)).toHaveLength(0);
  expect(mailsTo(admin.email)).toHaveLength(0);
  const [mail] = mailsTo(fan.email);
  expect(mail!.subject).toBe('Tus conciertos de la semana en Mallorca 🎶');
  const text = mail!.text!;
  expect(text).toContain('¡Hola, Marta!');
  // Extreme first, then high, then medium; never low, never beyond 14 days.
  const order = ['Tramuntana Blues', 'Quartet Llevant', 'Son Rock'].map((name) =>
    text.indexOf(name),
  );
  expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
  expect(text).not.toContain('Nada Mío');
  expect(text).not.toContain('Lejano');
  expect(text).toContain('miércoles, 12 de junio a las 21:30');
  expect(text).toContain('Gratis');
  expect(text).toMatch(/18,50\s€/);
  expect(text).toContain('¡Es Tramuntana Blues, de tus favoritos!');
  expect(text).toContain('https://conciertos.example/myconcerts');
  expect(text).toMatch(
    new RegExp(
      `https://conciertos\\.example/unsubscribe\\?userId=${fan.user_id}&list=weekly&expires=\\d+&token=[\\w-]+`,
    ),
  );
  expect(mail!.html).toContain('href="https://conciertos.example/myconcerts"');
  expect(headerOf(mail!, 'list-unsubscribe')).toMatch(
    new RegExp(
      `^<https://conciertos\\.example/api/unsubscribe\\?userId=${fan.user_id}&list=weekly&expires=\\d+&token=`,
    ),
  );
  expect(headerOf(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

  // No match at all: a short mail with the next concerts and an invitation to update the genres.
  const [fallback] = mailsTo(lonely.email);
  expect(fallback!.subject).toBe('Lo próximo en Mallorca 🎶');
  expect(fallback!.text).toContain('Actualiza tus géneros favoritos');
  expect(fallback!.text).toContain('https://conciertos.example/profile');
  expect(fallback!.text).toContain('Tramuntana Blues');
  expect(headerOf(fallback!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

  const deliveries = await database.db
    .selectFrom('mail_deliveries')
    .select(['user_id', 'status', 'attempts'])
    .execute();
  expect(deliveries).toHaveLength(2);
  expect(deliveries.every((d) => d.status === 'sent' && d.attempts === 1)).toBe(true);
});

it('writes the weekly mail in the language the fan chose, Spanish when none', async () => {
  const { fan, lonely } = await seedWeek();
  await database.db
    .updateTable('users')
    .set({ locale: 'ca' })
    .where('user_id', '=', fan.user_id)
    .execute();
  await trigger('real').expect(200);
  await eventually(campaignsDone);

  const [catalan] = mailsTo(fan.email);
  expect(catalan!.subject).toBe('Els teus concerts de la setmana a Mallorca 🎶');
  expect(catalan!.html).toContain('<html lang="ca"');
  expect(catalan!.html).not.toContain('lang="es"');
  const text = catalan!.text!;
  expect(text).toContain('Hola, Marta!');
  expect(text).toContain('dimecres, 12 de juny a les 21:30');
  expect(text).toContain('Gratuït');
  expect(text).toContain('Imprescindible!');
  expect(text).toContain('Conciertos Mallorca · La teva agenda personalitzada de concerts');
  expect(text).not.toContain('Tus conciertos');
  const [spanish] = mailsTo(lonely.email);
  expect(spanish!.subject).toBe('Lo próximo en Mallorca 🎶');
  expect(spanish!.html).toContain('<html lang="es"');
});

it('skips subscribed fans and admins whose address is not verified (double opt-in)', async () => {
  const { fan, lonely, admin } = await seedWeek();
  const unverified = await createUser(database.db, {
    name: 'Sin verificar',
    email_verified_at: null,
  });
  await score(
    unverified.user_id,
    (await database.db.selectFrom('concerts').select('id').executeTakeFirstOrThrow()).id,
    'extreme',
    'Te encantará.',
  );
  const unverifiedAdmin = await createUser(database.db, {
    is_admin: true,
    email_verified_at: null,
  });

  const real = await trigger('real').expect(200);
  expect(real.body).toEqual({ message: 'Email semanal en marcha para 2 usuarios.' });
  const preview = await trigger('prueba').expect(200);
  expect(preview.body).toEqual({ message: 'Email semanal en marcha para 1 usuario.' });
  await eventually(campaignsDone);

  expect(smtp.messages.flatMap(recipientsOf).sort()).toEqual(
    [fan.email, lonely.email, admin.email].sort(),
  );
  expect(mailsTo(unverified.email)).toHaveLength(0);
  expect(mailsTo(unverifiedAdmin.email)).toHaveLength(0);
});

it('a second trigger in the same week sends nothing new', async () => {
  const { fan } = await seedWeek();
  const [first, second] = await Promise.all([trigger('real'), trigger('real')]);
  expect([first.body.message, second.body.message]).toEqual(
    expect.arrayContaining(['Email semanal en marcha para 2 usuarios.', es[WEEKLY_ALREADY_SENT]]),
  );
  await eventually(campaignsDone);
  const third = await trigger('real').expect(200);
  expect(third.body).toEqual({ message: es[WEEKLY_ALREADY_SENT] });
  // Nothing more can go out once the campaign is done and its queue holds no live job.
  await eventually(campaignsDone);
  await eventually(async () => (await liveJobs(database.db, QUEUES.weeklyMailSend)) === 0);
  expect(mailsTo(fan.email)).toHaveLength(1);
  expect(smtp.messages).toHaveLength(2);
  expect(await database.db.selectFrom('mail_campaigns').select('id').execute()).toHaveLength(1);
});

it("the mail's one-click header unsubscribes; a tampered token changes nothing", async () => {
  const { fan, lonely } = await seedWeek();
  await trigger('real').expect(200);
  await eventually(campaignsDone);
  const tampered = oneClickUrlOf(mailsTo(lonely.email)[0]!);
  tampered.searchParams.set('token', `${tampered.searchParams.get('token')!.slice(0, -2)}xx`);
  const bad = await postOneClick(jobs.app, tampered).expect(400);
  expect(bad.body.error.message).toBe('El enlace de baja no es válido.');

  const url = oneClickUrlOf(mailsTo(fan.email)[0]!);
  const res = await postOneClick(jobs.app, url).expect(200);
  expect(res.body).toEqual({ message: 'Has sido dado de baja correctamente.' });
  const subscribed = async (user_id: string) =>
    (await rowOf(database.db, 'users', { user_id })).is_subscribed;
  expect(await subscribed(fan.user_id)).toBe(false);
  expect(await subscribed(lonely.user_id)).toBe(true);
});

it('skips fans who unsubscribed after the campaign started', async () => {
  const { fan, lonely } = await seedWeek();
  // The campaign is recorded, but no worker of this test runs it until we say so.
  const started = await startWeeklyCampaign(
    { db: database.db, boss: jobs.boss, clock: fixedClock('2031-01-08T10:00:00Z') },
    'real',
  );
  expect(started).toMatchObject({ started: true, recipients: 2 });
  if (!started.started) return;
  await database.db
    .updateTable('users')
    .set({ is_subscribed: false })
    .where('user_id', '=', lonely.user_id)
    .execute();
  await sendCampaign(
    {
      db: database.db,
      pool: database.pool,
      mailer: jobs.mailer,
      config: jobs.config,
      clock,
      log: createLogger('silent'),
    },
    started.campaignId,
  );
  await eventually(campaignsDone);
  const statuses = await database.db
    .selectFrom('mail_deliveries')
    .select(['user_id', 'status'])
    .execute();
  expect(Object.fromEntries(statuses.map((s) => [s.user_id, s.status]))).toEqual({
    [fan.user_id]: 'sent',
    [lonely.user_id]: 'skipped',
  });
  expect(mailsTo(lonely.email)).toHaveLength(0);
  expect(mailsTo(fan.email)).toHaveLength(1);
});
