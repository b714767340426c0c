// Change notices survive a crash: an edit whose process died before its in-process send
// leaves 'pending' deliveries, and the sweep sends each exactly once, after the grace, however
// many sweeps run at once; temporary SMTP failures are retried later, a bounded number of times.
import net from 'node:net';
import { changeNoticeOf, queueChangeNotices } from '../server/admin/writes/change-notices.js';
import { findAdminConcert } from '../server/admin/concerts/concerts-admin.repository.js';
import {
  MAX_NOTICE_ATTEMPTS,
  sendChangeNotices,
  sweepChangeNotices,
  type NoticeDeps,
} from '../server/admin/writes/notice-sender.js';
import { createLogger } from '../server/lib/logger.js';
import { createMailer } from '../server/mail/mailer.js';
import { senderDepsAt, TEST_SESSION_SECRET, testConfig } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { defined } from './helpers/defined.js';
import { eventually } from './helpers/eventually.js';
import { createConcert, createUser, createVenue } from './helpers/factories.js';
import { useForFile } from './helpers/lifecycle.js';
import { recipients, useSmtpSink } from './helpers/smtp-sink.js';
import { useFixtureProcesses } from './fixtures/fixture-process.js';

const database = useTestDatabase({
  cleared: ['mail_deliveries', 'user_concert_recommendations', 'concerts', 'venues', 'users'],
});
const smtp = useSmtpSink();
const mailer = useForFile(
  'The mailer',
  () => createMailer(testConfig({ SMTP_URL: smtp.url }), createLogger('silent')),
  (made) => made.close(),
);

const EDIT_AT = new Date('2030-05-01T10:00:00Z');
const minutesAfterEdit = (minutes: number) => new Date(EDIT_AT.getTime() + minutes * 60_000);

const deps: (at: Date) => NoticeDeps = senderDepsAt(database, mailer, {
  publicUrl: 'http://localhost:3000',
  sessionSecret: TEST_SESSION_SECRET,
});

const mailsTo = (email: string) =>
  smtp.messages.filter((mail) => recipients(mail).includes(email.toLowerCase()));

const deliveries = () =>
  database.db
    .selectFrom('mail_deliveries')
    .select(['id', 'to_email', 'status', 'attempts', 'next_attempt_at'])
    .where('kind', '=', 'concert_change')
    .orderBy('id')
    .execute();

/** `count` new fans who like the concert: their addresses. */
async function fansWhoLike(concertId: number, count: number): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const fan = await createUser(database.db);
    await database.db
      .insertInto('user_concert_recommendations')
      .values({ user_id: fan.user_id, concert_id: concertId, liked: true })
      .execute();
    emails.push(fan.email);
  }
  return emails;
}

/**
 * An upcoming concert moved to another day, committed with a pending notice for each of `fans`
 * fans who liked it, and nothing else: the process that made the edit is gone before its send.
 */
async function editLeftPending(fans: number) {
  const venue = await createVenue(database.db);
  const concert = await createConcert(database.db, {
    day: '2030-06-12',
    hour: '21:30',
    venue: venue.name,
    venue_id: venue.id,
    bandname: 'Tramuntana Blues',
  });
  const emails = await fansWhoLike(concert.id, fans);
  const ids = await database.db.transaction().execute(async (trx) => {
    const before = defined(await findAdminConcert(trx, concert.id, true), 'el concierto');
    await trx
      .updateTable('concerts')
      .set({ day: '2030-06-13' })
      .where('id', '=', concert.id)
      .execute();
    const after = defined(await findAdminConcert(trx, concert.id), 'el concierto editado');
    const notice = defined(changeNoticeOf(before, after) ?? undefined, 'el aviso');
    return queueChangeNotices(trx, { before, after }, notice, EDIT_AT);
  });
  return { concert, emails, ids };
}

describe('the change-notice sweep', () => {
  it('sends a notice a crash left pending exactly once, after the grace, and never again', async () => {
    const { emails } = await editLeftPending(2);

    // Within the grace the in-process send has it: the sweep leaves it alone.
    expect(await sweepChangeNotices(deps(minutesAfterEdit(0.5)))).toEqual({ sent: 0 });
    expect((await deliveries()).map((d) => d.status)).toEqual(['pending', 'pending']);
    expect(smtp.messages).toEqual([]);

    expect(await sweepChangeNotices(deps(minutesAfterEdit(2)))).toEqual({ sent: 2 });
    for (const email of emails) {
      const [mail, ...more] = mailsTo(email);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('Cambios en un concierto que te gusta: Tramuntana Blues');
      expect(mail!.text).toContain(
        'Fecha: antes miércoles, 12 de junio, ahora jueves, 13 de junio.',
      );
      expect(mail!.text).toContain('Tus conciertos: http://localhost:3000/myconcerts');
    }
    const sent = await deliveries();
    expect(sent.map((d) => [d.status, d.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);

    // A sent notice is never sent again: not by a later sweep, not by the in-process send.
    expect(await sweepChangeNotices(deps(minutesAfterEdit(600)))).toEqual({ sent: 0 });
    const again = await sendChangeNotices(
      deps(minutesAfterEdit(600)),
      sent.map((d) => d.id),
    );
    expect(again).toEqual({ sent: 0, stopped: false });
    expect(smtp.messages).toHaveLength(2);
  });

  it('two sweeps at once send each notice once', async () => {
    const { emails } = await editLeftPending(12);
    const later = minutesAfterEdit(2);
    const results = await Promise.all([
      sweepChangeNotices(deps(later)),
      sweepChangeNotices(deps(later)),
      sweepChangeNotices(deps(later)),
    ]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(12);
    for (const email of emails) expect(mailsTo(email)).toHaveLength(1);
    expect(smtp.messages).toHaveLength(12);
    expect((await deliveries()).every((d) => d.status === 'sent' && d.attempts === 1)).toBe(true);
  });

  it('the sweep and a late in-process send never both send one', async () => {
    const { ids } = await editLeftPending(6);
    const later = deps(minutesAfterEdit(2));
    const [inProcess, sweep] = await Promise.all([
      sendChangeNotices(later, ids),
      sweepChangeNotices(later),
    ]);
    expect(inProcess.sent + sweep.sent).toBe(6);
    expect(smtp.messages).toHaveLength(6);
  });

  it('retries a temporary SMTP failure later, gives up after the bounded attempts', async () => {
    const { emails } = await editLeftPending(1);
    smtp.setDown(true);
    expect(await sweepChangeNotices(deps(minutesAfterEdit(2)))).toEqual({ sent: 0 });
    const [failed] = await deliveries();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    // Due again one minute after the failed attempt, not before.
    expect(failed!.next_attempt_at).toEqual(minutesAfterEdit(3));
    smtp.setDown(false);
    expect(await sweepChangeNotices(deps(minutesAfterEdit(2.5)))).toEqual({ sent: 0 });
    expect(await sweepChangeNotices(deps(minutesAfterEdit(3)))).toEqual({ sent: 1 });
    expect(mailsTo(emails[0]!)).toHaveLength(1);
    expect((await deliveries())[0]).toMatchObject({ status: 'sent', attempts: 2 });

    // An outage that outlasts the attempts: given up as failed, and never sent afterwards.
    smtp.messages.length = 0;
    await database.db.deleteFrom('mail_deliveries').execute();
    await editLeftPending(1);
    smtp.setDown(true);
    let at = minutesAfterEdit(2);
    for (let attempt = 1; attempt <= MAX_NOTICE_ATTEMPTS; attempt += 1) {
      await sweepChangeNotices(deps(at));
      const [row] = await deliveries();
      expect(row!.attempts).toBe(attempt);
      expect(row!.status).toBe(attempt < MAX_NOTICE_ATTEMPTS ? 'pending' : 'failed');
      at = row!.next_attempt_at ?? at;
    }
    smtp.setDown(false);
    expect(await sweepChangeNotices(deps(minutesAfterEdit(24 * 60)))).toEqual({ sent: 0 });
    expect(smtp.messages).toEqual([]);
  });

  it('skips a fan who turned notices off meanwhile, and a concert already past', async () => {
    const { emails } = await editLeftPending(2);
    await database.db
      .updateTable('users')
      .set({ change_notices: false })
      .where('email', '=', emails[0]!)
      .execute();
    expect(await sweepChangeNotices(deps(minutesAfterEdit(2)))).toEqual({ sent: 1 });
    expect(mailsTo(emails[0]!)).toEqual([]);
    expect(mailsTo(emails[1]!)).toHaveLength(1);
    const statusOf = Object.fromEntries((await deliveries()).map((d) => [d.to_email, d.status]));
    expect(statusOf).toEqual({ [emails[0]!]: 'skipped', [emails[1]!]: 'sent' });

    smtp.messages.length = 0;
    await database.db.deleteFrom('mail_deliveries').execute();
    await editLeftPending(1);
    // The sweep first runs the day after the concert's new date (the process was down for weeks).
    const late = await sweepChangeNotices(deps(new Date('2030-06-14T10:00:00Z')));
    expect(late).toEqual({ sent: 0 });
    expect((await deliveries()).map((d) => d.status)).toEqual(['skipped']);
    expect(smtp.messages).toEqual([]);
  });
});

describe('an instance killed while sending its notices', () => {
  const processes = useFixtureProcesses();
  let blackHole: net.Server;
  let connections = 0;
  beforeAll(async () => {
    // An SMTP server that accepts the connection and never greets: the sender waits forever.
    blackHole = net.createServer((socket) => {
      connections += 1;
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => blackHole.close(resolve)));

  it('leaves its notices to the sweep, which sends each once', async () => {
    const venue = await createVenue(database.db);
    const concert = await createConcert(database.db, {
      day: '2030-06-12',
      venue: venue.name,
      venue_id: venue.id,
    });
    const emails = await fansWhoLike(concert.id, 3);
    const { port } = blackHole.address() as net.AddressInfo;
    const child = await processes.fork('notice-edit-worker', {
      DATABASE_URL: database.url,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      CONCERT_ID: String(concert.id),
      NEW_PRICE: '22',
    });
    // Its in-process send has claimed notices and waits for the SMTP server: kill it there.
    await eventually(() => connections > 0);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(smtp.messages).toEqual([]);

    // PostgreSQL rolls the dead instance's claims back; the next sweeps (a minute on) send them.
    const later = deps(new Date(Date.now() + 2 * 60_000));
    await eventually(async () => {
      await sweepChangeNotices(later);
      return (await deliveries()).every((d) => d.status === 'sent');
    });
    for (const email of emails) expect(mailsTo(email)).toHaveLength(1);
    expect(smtp.messages).toHaveLength(3);
    expect((await deliveries()).map((d) => d.attempts)).toEqual([1, 1, 1]);
  }, 60_000);
});
