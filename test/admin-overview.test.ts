// The admin's workspace server side: the overview (/api/admin/overview), the generation runs
// (admin_runs: one running per kind, a 409 for a second, their outcome in /api/admin/runs), one
// submission by id, and the mail to the admins when a submission joins the moderation queue.
import { sql } from 'kysely';
import request from 'supertest';
import { movableClock, useTestApp } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { createBand, createConcert, createUser } from './helpers/factories.js';
import { liveJobs } from './helpers/queue.js';
import { signedInAgent } from './helpers/session.js';
import { recipients, useSmtpSink } from './helpers/smtp-sink.js';
import { newestSubmissionId, submitConfirmed, submitForm } from './helpers/submissions.js';
import { eventually, useJobsApp } from './fixtures/jobs-app.js';
import { madridDateTime } from '../server/lib/time.js';
import { QUEUES } from '../server/jobs/queues.js';
import type { AdminOverviewResponse, AdminRunDto } from '../common/admin/types.js';

const TOKEN = 'token-de-administracion-de-pruebas-456';
const PUBLIC_URL = 'http://conciertos.test';
const database = useTestDatabase({
  poolSize: 20,
  cleared: [
    'admin_runs',
    'mail_campaigns',
    'band_submissions',
    'concerts',
    'bands',
    'users',
    'rate_limits',
  ],
});
const sink = useSmtpSink();
const env = () => ({ SMTP_URL: sink.url, PUBLIC_URL, ADMIN_API_TOKEN: TOKEN });
const jobs = useJobsApp(() => ({ database, env: env() }));
// The public form needs a clock the test moves past its minimum fill time.
const time = movableClock('2031-05-01T10:00:00Z');
const forms = useTestApp(() => ({ database, clock: time.clock, env: env() }));

const asAdmin = (method: 'get' | 'post', path: string) =>
  request(jobs.app)[method](path).set('X-Admin-Token', TOKEN);

const overview = async () =>
  (await asAdmin('get', '/api/admin/overview').expect(200)).body as AdminOverviewResponse;

const runs = async () =>
  ((await asAdmin('get', '/api/admin/runs').expect(200)).body as { runs: AdminRunDto[] }).runs;

const runOf = async (kind: AdminRunDto['kind']) => (await runs()).find((run) => run.kind === kind);

/** A submission sent through the form and confirmed by its sender; answers its id. */
async function confirmedSubmission(email = 'banda@example.com'): Promise<number> {
  await submitConfirmed(forms.app, time, sink, { email });
  return newestSubmissionId(database.db);
}

/** A run of `kind` left open `hoursAgo` hours ago, as another tab or instance would have. */
const openRun = (kind: AdminRunDto['kind'], hoursAgo = 0) =>
  sql`INSERT INTO admin_runs (kind, started_at)
      VALUES (${kind}, now() - make_interval(hours => ${hoursAgo}))`.execute(database.db);

const runRows = () => database.db.selectFrom('admin_runs').selectAll().orderBy('id').execute();

describe('GET /api/admin/overview', () => {
  it('counts what needs the admin, and an approval lowers the pending submissions', async () => {
    const today = madridDateTime(new Date()).day;
    const band = await createBand(database.db);
    await createConcert(database.db, { bandIds: [band.id] });
    const withoutBand = await createConcert(database.db);
    await database.db
      .updateTable('concerts')
      .set({ image_url: '/uploads/cartel.webp' })
      .where('id', '=', withoutBand.id)
      .execute();
    await createConcert(database.db, { day: '2020-01-01' });
    const cancelled = await createConcert(database.db);
    await database.db
      .updateTable('concerts')
      .set({ cancelled_at: new Date() })
      .where('id', '=', cancelled.id)
      .execute();

    await createUser(database.db, { is_subscribed: true });
    await createUser(database.db, { is_subscribed: true, email_verified_at: null });
    await createUser(database.db, { is_subscribed: false });

    const pending = await confirmedSubmission();
    // Sent but never confirmed: not in the queue.
    expect((await submitForm(forms.app, time, { email: 'otra@example.com' })).status).toBe(201);

    const { id: campaignId } = await database.db
      .insertInto('mail_campaigns')
      .values({ kind: 'weekly', mode: 'real', iso_week: '2026-W01', status: 'sending' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('mail_deliveries')
      .values(
        (['sent', 'sent', 'failed', 'pending'] as const).map((status, i) => ({
          campaign_id: campaignId,
          kind: 'weekly',
          to_email: `fan${i}@example.com`,
          status,
        })),
      )
      .execute();

    const yesterday = madridDateTime(new Date(Date.now() - 24 * 60 * 60 * 1000)).day;
    await database.db
      .insertInto('rate_limits')
      .values([
        { key: `openai-calls:${today}`, hits: 7, reset_at: new Date(Date.now() + 86_400_000) },
        { key: `openai-calls:${yesterday}`, hits: 99, reset_at: new Date(Date.now() + 3600_000) },
      ])
      .execute();

    await jobs.boss.createQueue('prueba-fallida', { name: 'prueba-fallida', policy: 'standard' });
    await jobs.boss.send('prueba-fallida', {}, { retryLimit: 0 });
    const [job] = await jobs.boss.fetch('prueba-fallida');
    await jobs.boss.fail('prueba-fallida', job!.id, new Error('falla a propósito'));

    const res = await asAdmin('get', '/api/admin/overview').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.body as AdminOverviewResponse;
    expect(body.today).toBe(today);
    expect(body.concerts).toEqual({ upcoming: 2, withoutBands: 1, withoutImage: 1 });
    expect(body.submissionsPending).toBe(1);
    // The admin of the token is no user: the three fans.
    expect(body.fans).toEqual({ total: 3, verified: 2, weeklySubscribers: 1 });
    expect(body.lastWeeklyMail).toEqual({
      startedAt: expect.any(String),
      finishedAt: null,
      mode: 'real',
      recipients: 4,
      sent: 2,
      failed: 1,
      pending: 1,
    });
    expect(body.ai).toEqual({ configured: false, callsToday: 7, dailyLimit: 10_000 });
    expect(body.failedJobs).toEqual([{ queue: 'prueba-fallida', count: 1 }]);
    expect(body.runs).toEqual([]);

    await request(forms.app)
      .post(`/api/admin/submissions/${pending}/approve`)
      .set('X-Admin-Token', TOKEN)
      .expect(200);
    expect((await overview()).submissionsPending).toBe(0);
  });

  it('has no last weekly mail before the first campaign', async () => {
    expect((await overview()).lastWeeklyMail).toBeNull();
  });
});

describe('generation runs', () => {
  it('records a descriptions run: its starter, counts and duration', async () => {
    await createConcert(database.db);
    await createConcert(database.db);
    const { agent } = await signedInAgent(jobs.app, database.db, {
      is_admin: true,
      name: 'Ana Admin',
    });
    const res = await agent.post('/api/generateDescriptions').expect(200);
    expect(res.body).toEqual({ message: 'Descripciones generadas para 2 conciertos.' });

    const run = await runOf('descriptions-short');
    expect(run).toEqual({
      kind: 'descriptions-short',
      status: 'done',
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
      durationSeconds: expect.any(Number),
      total: 2,
      done: 2,
      failed: 0,
      error: null,
      startedBy: 'Ana Admin',
    });
    expect(run!.durationSeconds).toBeGreaterThanOrEqual(0);
    expect((await overview()).runs).toEqual(await runs());
  });

  it.each([
    [
      'descriptions-long',
      '/api/generateDescriptionsLong',
      'Ya se están generando las descripciones largas: espera a que termine.',
    ],
    [
      'descriptions-short',
      '/api/generateDescriptions',
      'Ya se están generando las descripciones cortas: espera a que termine.',
    ],
    [
      'recommendations',
      '/api/generateRecommendations',
      'Ya se están generando las recomendaciones: espera a que termine.',
    ],
  ] as const)('a second %s run answers 409 and changes nothing', async (kind, path, message) => {
    const concert = await createConcert(database.db);
    await createUser(database.db);
    await openRun(kind);
    const before = await runRows();

    const res = await asAdmin('post', path).expect(409);
    expect(res.body.error.message).toBe(message);
    expect(await runRows()).toEqual(before);
    const row = await database.db
      .selectFrom('concerts')
      .select(['description_short', 'description_long'])
      .where('id', '=', concert.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ description_short: null, description_long: null });
    expect(await liveJobs(database.db, QUEUES.recommendationsAll)).toBe(0);
    expect((await runOf(kind))?.status).toBe('running');
  });

  it('a run left open for hours does not block a new one', async () => {
    await openRun('descriptions-long', 7);
    expect(await runOf('descriptions-long')).toMatchObject({
      status: 'failed',
      error: 'Sin terminar: no acabó en 6 horas.',
    });
    await createConcert(database.db);

    await asAdmin('post', '/api/generateDescriptionsLong').expect(200);
    const [stale, fresh] = await runRows();
    expect(stale!.finished_at).not.toBeNull();
    expect(stale!.error).toBe('error.admin.runStale'); // a catalogue id, worded when shown
    expect(fresh).toMatchObject({ done: 1, failed: 0, total: 1, error: null });
    expect(fresh!.finished_at).not.toBeNull();
    expect((await runOf('descriptions-long'))?.status).toBe('done');
  });

  it('a recommendations run finishes once every fan is counted', async () => {
    await Promise.all(Array.from({ length: 5 }, () => createUser(database.db)));
    await createUser(database.db, { onboarding_completed: false });
    await createConcert(database.db);

    const res = await asAdmin('post', '/api/generateRecommendations').expect(200);
    expect(res.body).toEqual({
      message: 'Generación de recomendaciones en marcha para 5 usuarios.',
    });
    await eventually(async () => (await runOf('recommendations'))?.status !== 'running');
    expect(await runOf('recommendations')).toMatchObject({
      status: 'done',
      total: 5,
      done: 5,
      failed: 0,
      error: null,
      startedBy: null,
    });
    // Over: a new run may start.
    await asAdmin('post', '/api/generateRecommendations').expect(200);
  });

  it("a run's job that fails its last try counts its fans as failed, not before", async () => {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO admin_runs (kind, total) VALUES ('recommendations', 1) RETURNING id::text AS id
    `.execute(database.db);
    const runId = rows[0]!.id;
    // Not a user id: the group's pass fails at every try.
    const jobId = await jobs.boss.send(
      QUEUES.recommendationsGroup,
      { userIds: ['no-es-un-fan'], runId },
      { retryLimit: 1, retryDelay: 0 },
    );
    const tries = async () =>
      (
        await sql<{ state: string; retry_count: number }>`
          SELECT state, retry_count FROM pgboss.job WHERE id = ${jobId}::uuid
        `.execute(database.db)
      ).rows;
    // Over for good after its second try; only then are its fans counted, once.
    await eventually(async () => (await tries())[0]?.state === 'failed');
    await eventually(async () => (await runOf('recommendations'))?.status !== 'running');
    expect(await tries()).toEqual([{ state: 'failed', retry_count: 1 }]);
    expect(await runOf('recommendations')).toMatchObject({
      status: 'failed',
      total: 1,
      done: 0,
      failed: 1,
    });
  });
});

describe('GET /api/admin/submissions/:id', () => {
  it('answers a confirmed submission with its status, also once reviewed', async () => {
    const id = await confirmedSubmission();
    const res = await asAdmin('get', `/api/admin/submissions/${id}`).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ id, status: 'pending', bandName: 'Los Tiburones del Puerto' });
    const list = await asAdmin('get', '/api/admin/submissions').expect(200);
    expect(list.body.submissions).toEqual([res.body]);

    await asAdmin('post', `/api/admin/submissions/${id}/spam`).expect(200);
    const reviewed = await asAdmin('get', `/api/admin/submissions/${id}`).expect(200);
    expect(reviewed.body).toMatchObject({ id, status: 'spam', reviewedAt: expect.any(String) });
  });

  it('answers 404 in Spanish for an unknown or unconfirmed submission', async () => {
    expect((await submitForm(forms.app, time, { email: 'otra@example.com' })).status).toBe(201);
    const unconfirmed = await database.db
      .selectFrom('band_submissions')
      .select('id')
      .executeTakeFirstOrThrow();
    for (const id of [unconfirmed.id, unconfirmed.id + 1000]) {
      const res = await asAdmin('get', `/api/admin/submissions/${id}`).expect(404);
      expect(res.body.error.message).toBe('La propuesta no existe.');
    }
  });
});

describe('the admins hear of a submission to review', () => {
  it('mails each admin with a verified address the link to the review page', async () => {
    const verifiedAdmin = await createUser(database.db, { is_admin: true });
    const unverifiedAdmin = await createUser(database.db, {
      is_admin: true,
      email_verified_at: null,
    });
    const fan = await createUser(database.db);
    const before = sink.messages.length;

    const id = await confirmedSubmission('grupo@example.com');

    const mail = await sink.waitForMail(verifiedAdmin.email, /Hay un concierto nuevo/);
    expect(mail.subject).toBe('Hay un concierto nuevo por revisar');
    expect(mail.text).toContain(`${PUBLIC_URL}/admin/propuestas/${id}`);
    expect(mail.text).toContain('Los Tiburones del Puerto');
    const toReview = sink.messages
      .slice(before)
      .filter((message) => message.subject === 'Hay un concierto nuevo por revisar');
    expect(toReview.flatMap(recipients)).toEqual([verifiedAdmin.email.toLowerCase()]);
    expect(sink.messages.slice(before).flatMap(recipients)).not.toContain(
      unverifiedAdmin.email.toLowerCase(),
    );
    expect(sink.messages.slice(before).flatMap(recipients)).not.toContain(fan.email.toLowerCase());
  });
});
