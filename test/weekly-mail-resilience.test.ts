// The weekly send under trouble: an SMTP outage mid-send, three app instances clicking at once.
import request from 'supertest';
import { spanish as es } from './helpers/texts.js';
import { WEEKLY_ALREADY_SENT } from '../server/admin/runs/admin-actions.routes.js';
import { QUEUES } from '../server/jobs/queues.js';
import { addDays, madridDateTime } from '../server/lib/time.js';
import { useTestDatabase } from './helpers/db.js';
import { createConcert, createUser } from './helpers/factories.js';
import { allSent as everyMailSent, liveJobs } from './helpers/queue.js';
import { useSmtpSink } from './helpers/smtp-sink.js';
import { eventually, useJobsApps } from './fixtures/jobs-app.js';

const TOKEN = 'token-de-administracion-de-pruebas-123';

const database = useTestDatabase({
  poolSize: 30,
  cleared: ['mail_campaigns', 'users', 'concerts'],
});
const smtp = useSmtpSink();
const apps = useJobsApps();
beforeEach(async () => {
  await createConcert(database.db, { day: addDays(madridDateTime(new Date()).day, 2) });
});

const newApp = (options: { sendDelayMs?: number } = {}) =>
  apps.start({
    database,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:3000', ADMIN_API_TOKEN: TOKEN },
    mailRetryDelaySeconds: 1,
    ...options,
  });

async function fans(count: number) {
  const users = [];
  for (let i = 0; i < count; i += 1) users.push(await createUser(database.db));
  return users;
}

const allSent = () => everyMailSent(database.db);

const campaignDone = async () => {
  const row = await database.db
    .selectFrom('mail_campaigns')
    .select('status')
    .executeTakeFirstOrThrow();
  return row.status === 'done';
};

function expectEachExactlyOnce(emails: string[]) {
  const received = smtp.messages.flatMap((mail) =>
    (Array.isArray(mail.to) ? mail.to : [mail.to!]).flatMap((a) => a.value.map((v) => v.address)),
  );
  expect(received.sort()).toEqual(emails.map((email) => email.toLowerCase()).sort());
}

it('an SMTP outage in the middle of the send: everyone gets the mail exactly once in the end', async () => {
  const app = await newApp({ sendDelayMs: 20 });
  const users = await fans(30);
  await request(app.app)
    .post('/api/sendWeeklyEmail')
    .set('X-Admin-Token', TOKEN)
    .send({ modo: 'real' })
    .expect(200, { message: 'Email semanal en marcha para 30 usuarios.' });

  await eventually(() => smtp.messages.length >= 5, 10_000);
  smtp.setDown(true);
  // The outage is seen when a delivery records its failure, not after some time has passed.
  const failed = await eventually(async () => {
    const rows = await database.db
      .selectFrom('mail_deliveries')
      .select(['attempts', 'last_error', 'status'])
      .where('last_error', 'is not', null)
      .execute();
    return rows.length > 0 && rows;
  }, 10_000);
  expect(smtp.messages.length).toBeLessThan(30);
  expect(failed.every((row) => row.status === 'pending' && row.attempts >= 1)).toBe(true);
  smtp.setDown(false);

  await eventually(allSent, 30_000);
  expectEachExactlyOnce(users.map((user) => user.email));
  await eventually(campaignDone);
}, 60_000);

it('three app instances triggered at once make one campaign; each fan gets one mail', async () => {
  const instances = [await newApp(), await newApp(), await newApp()];
  const users = await fans(20);
  const answers = await Promise.all(
    instances.map((instance) =>
      request(instance.app)
        .post('/api/sendWeeklyEmail')
        .set('X-Admin-Token', TOKEN)
        .send({ modo: 'real' })
        .expect(200),
    ),
  );
  const messages = answers.map((res) => res.body.message as string);
  expect(messages.filter((m) => m === 'Email semanal en marcha para 20 usuarios.')).toHaveLength(1);
  expect(messages.filter((m) => m === es[WEEKLY_ALREADY_SENT])).toHaveLength(2);

  await eventually(allSent, 30_000);
  // Nothing more can go out once the campaign is done and no send job is left to run.
  await eventually(campaignDone);
  await eventually(async () => (await liveJobs(database.db, QUEUES.weeklyMailSend)) === 0);
  expectEachExactlyOnce(users.map((user) => user.email));
  const campaigns = await database.db.selectFrom('mail_campaigns').select('id').execute();
  expect(campaigns).toHaveLength(1);
}, 60_000);
