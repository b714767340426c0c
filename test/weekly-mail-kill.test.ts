// kill -9 in the middle of a weekly send: a worker process is SIGKILLed after some mails and a new
// one resumes from the pending rows. Only the mails in flight at the kill (accepted by SMTP, not
// yet committed as 'sent'; SEND_CONCURRENCY at most) may go out twice: see
// server/mail/claimed-sender.ts.
import { addDays, madridDateTime, systemClock } from '../server/lib/time.js';
import { startWeeklyCampaign } from '../server/weekly-mail/campaign.service.js';
import { useTestDatabase } from './helpers/db.js';
import { createConcert, createUser } from './helpers/factories.js';
import { allSent } from './helpers/queue.js';
import { SEND_CONCURRENCY } from '../server/mail/claimed-sender.js';
import { useSmtpSink } from './helpers/smtp-sink.js';
import { useFixtureProcesses } from './fixtures/fixture-process.js';
import { eventually, useJobsApp } from './fixtures/jobs-app.js';

const database = useTestDatabase();
const smtp = useSmtpSink();
// This instance only records the campaign; the child processes do the sending.
const trigger = useJobsApp(() => ({ database, work: false }));
const processes = useFixtureProcesses();

const startWorker = () =>
  processes.fork('weekly-mail-worker', {
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    SEND_DELAY_MS: '25',
  });

it('a worker killed mid-send and a new one: everyone gets the mail, at most the mails in flight twice', async () => {
  await createConcert(database.db, { day: addDays(madridDateTime(new Date()).day, 3) });
  const users = [];
  for (let i = 0; i < 40; i += 1) users.push(await createUser(database.db));
  const started = await startWeeklyCampaign(
    { db: database.db, boss: trigger.boss, clock: systemClock },
    'real',
  );
  expect(started).toMatchObject({ started: true, recipients: 40 });

  const first = await startWorker();
  await eventually(() => smtp.messages.length >= 10, 20_000);
  const exited = new Promise((resolve) => first.once('exit', resolve));
  first.kill('SIGKILL');
  await exited;
  const atKill = smtp.messages.length;
  expect(atKill).toBeLessThan(40);

  const second = await startWorker();
  await eventually(() => allSent(database.db), 40_000);
  second.kill('SIGTERM');

  const received = smtp.messages.flatMap((mail) =>
    (Array.isArray(mail.to) ? mail.to : [mail.to!]).flatMap((a) => a.value.map((v) => v.address)),
  );
  const counts = new Map<string, number>();
  for (const email of received) counts.set(email!, (counts.get(email!) ?? 0) + 1);
  expect(new Set(counts.keys())).toEqual(new Set(users.map((user) => user.email.toLowerCase())));
  const twice = [...counts.values()].filter((n) => n > 1);
  // Only the mails in flight at the kill (their 250 came, their COMMIT did not) may go twice.
  expect(twice.length).toBeLessThanOrEqual(SEND_CONCURRENCY);
  expect(received.length).toBeLessThanOrEqual(40 + SEND_CONCURRENCY);
}, 90_000);
