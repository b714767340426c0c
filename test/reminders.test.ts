// The pre-show reminder: from 10:00 in Madrid, each fan who turned it on gets ONE mail about their
// concerts of the next Madrid calendar day (liked or "Voy"), whatever the daylight-saving change,
// however many senders run at once and however often they run.
import { tmpdir } from 'node:os';
import { createLogger } from '../server/lib/logger.js';
import { createMailer } from '../server/mail/mailer.js';
import { sendShowReminders, type ReminderDeps } from '../server/reminders/reminder-sender.js';
import { TEST_SESSION_SECRET, testConfig, useTestApp } from './helpers/app.js';
import { rowsOf, useTestDatabase } from './helpers/db.js';
import { eventually } from './helpers/eventually.js';
import { createConcertAt, createUser, type UserOverrides } from './helpers/factories.js';
import { useForFile } from './helpers/lifecycle.js';
import { oneClickUrlOf, postOneClick } from './helpers/one-click.js';
import { rowOf } from './helpers/db.js';
import { headerOf, recipients, useSmtpSink } from './helpers/smtp-sink.js';

const database = useTestDatabase({
  poolSize: 20,
  cleared: ['mail_deliveries', 'user_concert_recommendations', 'concerts', 'users'],
});
const smtp = useSmtpSink();
const mailer = useForFile(
  'The mailer',
  () => createMailer(testConfig({ SMTP_URL: smtp.url }), createLogger('silent')),
  (made) => made.close(),
);

const PUBLIC_URL = 'http://conciertos.example';
// The app a mail client's one-click POST reaches (the same session secret signs the links).
const testApp = useTestApp(() => ({ database }));

const at = (iso: string): ReminderDeps => ({
  db: database.db,
  pool: database.pool,
  mailer,
  log: createLogger('silent'),
  config: {
    publicUrl: PUBLIC_URL,
    sessionSecret: TEST_SESSION_SECRET,
    reminderHour: 10,
    dataDir: tmpdir(),
  },
  clock: () => new Date(iso),
});

const mailsTo = (email: string) =>
  smtp.messages.filter((mail) => recipients(mail).includes(email.toLowerCase()));

/** A fan who turned the reminder on (unless told otherwise). */
const fan = (overrides: UserOverrides = {}) =>
  createUser(database.db, { show_reminders: true, ...overrides });

const like = (userId: string, concertId: number) =>
  database.db
    .insertInto('user_concert_recommendations')
    .values({ user_id: userId, concert_id: concertId, liked: true })
    .execute();

const goTo = (userId: string, concertId: number) =>
  database.db
    .insertInto('concert_attendance')
    .values({ user_id: userId, concert_id: concertId })
    .execute();

const concertOn = (day: string, hour: string, bandname: string) =>
  createConcertAt(database.db, day, hour, { bandname });

describe('the pre-show reminder', () => {
  it('is about the next Madrid day, before and after the spring change, 00:30 concerts included', async () => {
    // Summer time starts at 02:00 on Sunday 31 March 2030 (UTC+1 before, UTC+2 after).
    const ana = await fan();
    const lateSaturday = await concertOn('2030-03-30', '23:00', 'Hoy No Toca');
    const earlySunday = await concertOn('2030-03-31', '00:30', 'Sa Nit');
    const earlyMonday = await concertOn('2030-04-01', '00:30', 'Dilluns Blau');
    for (const concert of [lateSaturday, earlySunday, earlyMonday])
      await like(ana.user_id, concert.id);

    // 09:59 in Madrid (08:59 UTC): not yet.
    expect(await sendShowReminders(at('2030-03-30T08:59:00Z'))).toBe(0);
    // 10:00 in Madrid on Saturday: Sunday's concerts, the 00:30 one (still Saturday in UTC) too.
    expect(await sendShowReminders(at('2030-03-30T09:00:00Z'))).toBe(1);
    const [saturday, ...more] = mailsTo(ana.email);
    expect(more).toEqual([]);
    expect(saturday!.subject).toBe('Mañana: Sa Nit');
    expect(saturday!.text).toContain('domingo, 31 de marzo');
    expect(saturday!.text).toContain('Sa Nit · 00:30\nEs Gremi · 15,00\u00a0€');
    expect(saturday!.text).toContain(`${PUBLIC_URL}/conciertos/${earlySunday.id}-sa-nit-`);
    expect(saturday!.text).not.toContain('Hoy No Toca');
    expect(saturday!.text).not.toContain('Dilluns Blau');

    // Sunday in summer time: 09:30 in Madrid is 07:30 UTC; 10:00 is 08:00 UTC.
    expect(await sendShowReminders(at('2030-03-31T07:30:00Z'))).toBe(0);
    expect(await sendShowReminders(at('2030-03-31T08:00:00Z'))).toBe(1);
    const sunday = mailsTo(ana.email)[1]!;
    expect(sunday.subject).toBe('Mañana: Dilluns Blau');
    expect(sunday.text).toContain('lunes, 1 de abril');
    expect(sunday.text).not.toContain('Sa Nit');
  });

  it('sends one mail for two concerts, by time, and a concert liked and gone to once', async () => {
    const ana = await fan({ name: 'Ana' });
    const late = await concertOn('2030-06-13', '22:00', 'Banda Tardía');
    const early = await concertOn('2030-06-13', '19:30', 'Banda Temprana');
    await like(ana.user_id, late.id);
    await goTo(ana.user_id, late.id);
    await goTo(ana.user_id, early.id);
    const luis = await fan();
    await like(luis.user_id, early.id);
    await goTo(luis.user_id, early.id);

    expect(await sendShowReminders(at('2030-06-12T08:00:00Z'))).toBe(2);
    const [mail, ...more] = mailsTo(ana.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Mañana tienes 2 conciertos');
    const text = mail!.text!;
    expect(text).toContain('¡Hola, Ana!');
    expect(text.indexOf('Banda Temprana · 19:30')).toBeLessThan(
      text.indexOf('Banda Tardía · 22:00'),
    );
    expect(text).toContain(`${PUBLIC_URL}/conciertos/${early.id}-banda-temprana-`);
    expect(text).toContain(`${PUBLIC_URL}/conciertos/${late.id}-banda-tardia-`);
    expect(text.split(`/conciertos/${late.id}-`)).toHaveLength(2);
    expect(text).toContain(`Tus conciertos: ${PUBLIC_URL}/myconcerts`);
    expect(text).toContain(`${PUBLIC_URL}/unsubscribe?userId=${ana.user_id}&list=reminders&`);

    const [luisMail] = mailsTo(luis.email);
    expect(luisMail!.subject).toBe('Mañana: Banda Temprana');
    expect(luisMail!.text!.split(`/conciertos/${early.id}-`)).toHaveLength(2);
  });

  it('is written in the language the fan chose', async () => {
    const joan = await fan({ name: 'Joan' });
    await database.db
      .updateTable('users')
      .set({ locale: 'ca' })
      .where('user_id', '=', joan.user_id)
      .execute();
    const show = await concertOn('2030-06-13', '21:00', 'Banda Tardía');
    await like(joan.user_id, show.id);

    expect(await sendShowReminders(at('2030-06-12T08:00:00Z'))).toBe(1);
    const [mail] = mailsTo(joan.email);
    expect(mail!.subject).toBe('Demà: Banda Tardía');
    expect(mail!.html).toContain('<html lang="ca"');
    const text = mail!.text!;
    expect(text).toContain('Hola, Joan!');
    expect(text).toContain('Et recordam el teu concert de demà, dijous, 13 de juny:');
    expect(text).toContain(`Els teus concerts: ${PUBLIC_URL}/myconcerts`);
  });

  it('mails nobody who did not turn it on, has no address proved or only a cancelled concert', async () => {
    const concert = await concertOn('2030-06-13', '21:00', 'Banda');
    const cancelled = await concertOn('2030-06-13', '23:00', 'Cancelada');
    await database.db
      .updateTable('concerts')
      .set({ cancelled_at: new Date('2030-06-01T00:00:00Z') })
      .where('id', '=', cancelled.id)
      .execute();
    const off = await fan({ show_reminders: false });
    const unproved = await fan({ email_verified_at: null });
    const onlyCancelled = await fan();
    const both = await fan();
    await like(off.user_id, concert.id);
    await goTo(unproved.user_id, concert.id);
    await goTo(onlyCancelled.user_id, cancelled.id);
    await like(both.user_id, concert.id);
    await like(both.user_id, cancelled.id);

    expect(await sendShowReminders(at('2030-06-12T08:00:00Z'))).toBe(1);
    expect(smtp.messages.flatMap(recipients)).toEqual([both.email.toLowerCase()]);
    expect(mailsTo(both.email)[0]!.text).not.toContain('Cancelada');
    expect(
      (await rowsOf(database.db, 'mail_deliveries', { kind: 'show_reminder' })).map(
        (row) => row.user_id,
      ),
    ).toEqual([both.user_id]);
  });

  it('is not sent when the fan turns it off, or their concert goes, before it leaves', async () => {
    const concert = await concertOn('2030-06-13', '21:00', 'Banda');
    const ana = await fan();
    const luis = await fan();
    await goTo(ana.user_id, concert.id);
    await goTo(luis.user_id, concert.id);
    smtp.setDown(true); // planned, but the first send fails: both wait for a retry
    expect(await sendShowReminders(at('2030-06-12T08:00:00Z'))).toBe(0);
    smtp.setDown(false);
    await database.db
      .updateTable('users')
      .set({ show_reminders: false })
      .where('user_id', '=', ana.user_id)
      .execute();
    await database.db
      .deleteFrom('concert_attendance')
      .where('user_id', '=', luis.user_id)
      .execute();

    expect(await sendShowReminders(at('2030-06-12T09:00:00Z'))).toBe(0);
    expect(smtp.messages).toEqual([]);
    const rows = await rowsOf(database.db, 'mail_deliveries', { kind: 'show_reminder' });
    expect(rows.map((row) => row.status)).toEqual(['skipped', 'skipped']);
  });

  it('two senders at once, and every later run, send each fan ONE mail', async () => {
    const concert = await concertOn('2030-06-13', '21:00', 'Banda');
    const fans = await Promise.all(Array.from({ length: 6 }, () => fan()));
    for (const each of fans) await goTo(each.user_id, concert.id);

    // Every mail waits for its answer while the other sender runs.
    const release = smtp.hold();
    const runs = Promise.all([
      sendShowReminders(at('2030-06-12T08:00:00Z')),
      sendShowReminders(at('2030-06-12T08:00:00Z')),
    ]);
    await eventually(() => expect(smtp.heldCount()).toBeGreaterThan(0));
    release();
    const sent = await runs;
    expect(sent[0] + sent[1]).toBe(6);
    // A restart, a later run the same day: nothing more.
    expect(await sendShowReminders(at('2030-06-12T08:00:00Z'))).toBe(0);
    expect(await sendShowReminders(at('2030-06-12T20:00:00Z'))).toBe(0);
    for (const each of fans) expect(mailsTo(each.email)).toHaveLength(1);
    expect(smtp.messages).toHaveLength(6);
  });
});

describe("the reminder's unsubscribe link", () => {
  it('stops the reminders alone, in one click from the mail, with no session', async () => {
    const ana = await fan({ alert_frequency: 'daily' });
    const concert = await concertOn('2030-06-13', '21:00', 'Banda Avisada');
    await like(ana.user_id, concert.id);
    expect(await sendShowReminders(at('2030-06-12T08:00:00Z'))).toBe(1);
    const [mail] = mailsTo(ana.email);

    // In the body, the page that asks first; in the headers, RFC 8058's one-click POST.
    expect(mail!.text).toMatch(
      new RegExp(
        `${PUBLIC_URL}/unsubscribe\\?userId=${ana.user_id}&list=reminders&expires=\\d+&token=`,
      ),
    );
    expect(headerOf(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = oneClickUrlOf(mail!);
    expect(oneClick.origin + oneClick.pathname).toBe(`${PUBLIC_URL}/api/unsubscribe`);
    expect(oneClick.searchParams.get('list')).toBe('reminders');

    const off = await postOneClick(testApp.app, oneClick).expect(200);
    expect(off.body).toEqual({ message: 'Ya no recibirás recordatorios de tus conciertos.' });
    const after = await rowOf(database.db, 'users', { user_id: ana.user_id });
    expect({
      showReminders: after.show_reminders,
      changeNotices: after.change_notices,
      weeklyMail: after.is_subscribed,
      alertFrequency: after.alert_frequency,
    }).toEqual({
      showReminders: false,
      changeNotices: true,
      weeklyMail: true,
      alertFrequency: 'daily',
    });

    // A forged token changes nothing and is told so in Spanish.
    await database.db
      .updateTable('users')
      .set({ show_reminders: true })
      .where('user_id', '=', ana.user_id)
      .execute();
    const forged = new URL(oneClick);
    forged.searchParams.set('token', 'x'.repeat(43));
    const refused = await postOneClick(testApp.app, forged).expect(400);
    expect(refused.body.error.message).toBe('El enlace de baja no es válido.');
    expect((await rowOf(database.db, 'users', { user_id: ana.user_id })).show_reminders).toBe(true);
  });
});
