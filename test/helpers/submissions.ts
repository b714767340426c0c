// The band submissions form as a test sends it: a form token taken from GET /api/submissions/form,
// the fields of a valid submission, a clock the test moves past the minimum fill time, and the
// confirmation link mailed to the contact address.
import type { Express } from 'express';
import request from 'supertest';
import type { Database } from '../../server/db/database.js';
import type { MovableClock } from './app.js';
import type { SmtpSink } from './smtp-sink.js';

export async function addVenue(db: Database, name: string, town: string): Promise<number> {
  const { id } = await db
    .insertInto('venues')
    .values({ name, town })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export const validSubmission = (overrides: Record<string, string> = {}) => ({
  bandName: 'Los Tiburones del Puerto',
  email: 'banda@example.com',
  spotifyUrl: 'https://open.spotify.com/artist/abc123',
  genre: 'Rock',
  day: '2031-05-20',
  hour: '21:30',
  venueName: 'Sala Nueva',
  venueTown: 'Inca',
  price: '12.50',
  description: 'Presentamos disco nuevo.',
  website: '',
  ...overrides,
});

export async function formToken(app: Express): Promise<string> {
  const res = await request(app).get('/api/submissions/form').expect(200);
  return (res.body as { token: string }).token;
}

/** A token old enough to be accepted (the minimum fill time is 5 s by default). */
export async function ripeToken(app: Express, time: MovableClock): Promise<string> {
  const token = await formToken(app);
  time.advance(6);
  return token;
}

/** A valid submission (with `overrides`) sent with a ripe token; `image` goes as the poster. */
export async function submitForm(
  app: Express,
  time: MovableClock,
  overrides: Record<string, string> = {},
  image?: Buffer,
) {
  const token = await ripeToken(app, time);
  return sendSubmission(
    app,
    validSubmission({ formToken: token, ...overrides }),
    image && { buffer: image, name: 'cartel.png' },
  );
}

/** POST /api/submissions as multipart, as the browser's form sends it. */
export function sendSubmission(
  app: Express,
  fields: Record<string, string>,
  image?: { buffer: Buffer; name: string },
) {
  let req = request(app).post('/api/submissions');
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  if (image) req = req.attach('image', image.buffer, image.name);
  return req;
}

/** The token of the confirmation link in the newest mail to `to` (the sink keeps every mail). */
export async function confirmationToken(sink: SmtpSink, to: string): Promise<string> {
  await sink.waitForMail(to, /^Confirma el concierto/);
  const mails = sink.messages.filter(
    (mail) => mail.subject?.startsWith('Confirma el concierto') && mail.text?.includes('#token='),
  );
  const last = mails.filter((mail) => JSON.stringify(mail.to).includes(to.toLowerCase())).at(-1);
  const match = /#token=([\w%-]+)/.exec(last?.text ?? '');
  if (!match?.[1]) throw new Error(`no confirmation link mailed to ${to}`);
  return decodeURIComponent(match[1]);
}

/** POST /api/submissions/confirm, as the confirmation page sends it. */
export const confirmSubmission = (app: Express, token: string) =>
  request(app).post('/api/submissions/confirm').send({ token });

/** A submission sent through the form and confirmed from its mail, as a band would. */
export async function submitConfirmed(
  app: Express,
  time: MovableClock,
  sink: SmtpSink,
  fields: Record<string, string> & { email: string },
  image?: Buffer,
): Promise<void> {
  expect((await submitForm(app, time, fields, image)).status).toBe(201);
  await confirmSubmission(app, await confirmationToken(sink, fields.email)).expect(200);
}

/** The id of the newest submission. */
export async function newestSubmissionId(db: Database): Promise<number> {
  const row = await db
    .selectFrom('band_submissions')
    .select('id')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}
