// The moderation queue of the band submissions (/api/admin/submissions): admins only, edit,
// approve (band and venue made or reused, the concert made by the admin create and shown in the
// agenda, a mail with its address, the waiting picture published), reject (a mail with the
// reason, the picture deleted) and spam (no mail); only a confirmed address is ever mailed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { movableClock, useTestApp } from './helpers/app.js';
import { rowOf, useTestDatabase } from './helpers/db.js';
import { createBand } from './helpers/factories.js';
import { signedInAgent } from './helpers/session.js';
import { useSmtpSink } from './helpers/smtp-sink.js';
import { submissionImagesDirOf } from '../server/submissions/submission-images.js';
import { uploadsDirOf } from '../server/uploads/image-store.js';
import {
  addVenue,
  newestSubmissionId,
  submitConfirmed,
  submitForm,
  validSubmission,
} from './helpers/submissions.js';

const API_TOKEN = 'token-de-administracion-de-prueba';
const database = useTestDatabase({
  cleared: ['band_submissions', 'concerts', 'bands', 'venues', 'rate_limits'],
});
const time = movableClock('2031-05-01T10:00:00Z');
const sink = useSmtpSink();
const testApp = useTestApp(() => ({
  database,
  clock: time.clock,
  env: { ADMIN_API_TOKEN: API_TOKEN, SMTP_URL: sink.url, PUBLIC_URL: 'http://conciertos.test' },
}));
const app = () => testApp.app;
const admin = () => signedInAgent(app(), database.db, { is_admin: true });

/**
 * A submission sent through the public form and confirmed from the mail, as a band would;
 * answers its id.
 */
async function submitted(overrides: Record<string, string> = {}, image?: Buffer): Promise<number> {
  const email = overrides.email ?? `banda-${Math.random().toString(36).slice(2)}@example.com`;
  await submitConfirmed(app(), time, sink, { ...overrides, email }, image);
  return newestSubmissionId(database.db);
}

/** The answer to a review that closes a submission without a concert (reject, spam). */
const closedAnswer = (message: string, mail: 'sent' | 'none') => ({
  message,
  concertId: null,
  mail,
});

const moderationRoutes = [
  ['get', '/api/admin/submissions'],
  ['put', '/api/admin/submissions/1'],
  ['post', '/api/admin/submissions/1/approve'],
  ['post', '/api/admin/submissions/1/reject'],
  ['post', '/api/admin/submissions/1/spam'],
  ['get', `/api/admin/submissions/images/${'a'.repeat(32)}.webp`],
] as const;

const poster = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 200, g: 0, b: 0 } } })
    .png()
    .toBuffer();

/** The file behind a submission's waiting picture. */
const waitingFile = (url: string) =>
  path.join(submissionImagesDirOf(testApp.config.dataDir), path.basename(url));

describe('the moderation routes are for admins only', () => {
  it.each(moderationRoutes)('%s %s answers 401 without a session', async (method, url) => {
    const res = await request(app())[method](url).send({});
    expect(res.status).toBe(401);
  });

  it('a fan gets 403 on every moderation route, and nothing changes', async () => {
    const id = await submitted();
    const { agent } = await signedInAgent(app(), database.db);
    for (const [method, url] of moderationRoutes) {
      const res = await agent[method](url.replace('/1', `/${id}`)).send({ reason: 'No' });
      expect([method, url, res.status]).toEqual([method, url, 403]);
      expect(res.body.error.message).toBe('No tienes permisos de administrador.');
    }
    const row = await database.db
      .selectFrom('band_submissions')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });
});

describe('the queue', () => {
  it('lists the pending submissions oldest first; 400 for an unknown status', async () => {
    const first = await submitted({ bandName: 'Primera' });
    const second = await submitted({ bandName: 'Segunda' });
    const { agent } = await admin();
    const res = await agent.get('/api/admin/submissions').expect(200);
    expect(res.body.submissions.map((s: { id: number }) => s.id)).toEqual([first, second]);
    expect(res.body.submissions[0]).toMatchObject({
      status: 'pending',
      bandName: 'Primera',
      genre: 'Rock',
      day: '2031-05-20',
      hour: '21:30',
      venueId: null,
      venueName: 'Sala Nueva',
      venueTown: 'Inca',
      price: '12.50',
      reason: null,
      concertId: null,
    });
    const bad = await agent.get('/api/admin/submissions?status=todas').expect(400);
    expect(bad.body.error.message).toBe('Estado desconocido.');
  });

  it('an admin corrects a submission; bad input is a 400 and changes nothing', async () => {
    const id = await submitted();
    const { agent } = await admin();
    const venueId = await addVenue(database.db, 'Es Gremi', 'Palma');
    const edit = {
      ...validSubmission({ bandName: 'Nombre Corregido', hour: '22:00', price: '15' }),
      venueId,
      imageUrl: '/uploads/abc123.webp',
    };
    delete (edit as Partial<typeof edit>).website;
    const res = await agent.put(`/api/admin/submissions/${id}`).send(edit).expect(200);
    expect(res.body).toMatchObject({
      bandName: 'Nombre Corregido',
      hour: '22:00',
      price: '15.00',
      venueId,
      venueName: 'Es Gremi',
      venueTown: 'Palma',
      imageUrl: '/uploads/abc123.webp',
    });
    const bad = await agent
      .put(`/api/admin/submissions/${id}`)
      .send({ ...edit, bandName: 'x\u0007' })
      .expect(400);
    expect(bad.body.error.message).toBe('El texto contiene caracteres no permitidos.');
    const kept = await agent.get('/api/admin/submissions').expect(200);
    expect(kept.body.submissions[0].bandName).toBe('Nombre Corregido');
    await agent.put('/api/admin/submissions/abc').send(edit).expect(400);
    await agent.put('/api/admin/submissions/999999').send(edit).expect(404);
  });
});

describe('approving', () => {
  it('makes the band, the venue and the concert, mails the link, and the agenda shows it', async () => {
    const id = await submitted({ email: 'tiburones@example.com' });
    const { agent, userId } = await admin();
    const res = await agent.post(`/api/admin/submissions/${id}/approve`).expect(200);
    const concertId: number = res.body.concertId;
    expect(res.body).toEqual({
      message: 'Propuesta aprobada: concierto creado y email enviado a tiburones@example.com.',
      concertId,
      mail: 'sent',
    });

    const mail = await sink.waitForMail('tiburones@example.com', /publicado/);
    expect(mail.subject).toBe('Tu concierto ya está publicado en Conciertos Mallorca');
    expect(mail.text).toContain(`http://conciertos.test/conciertos/${concertId}`);

    const agenda = await request(app()).get('/api/concerts').expect(200);
    const shown = agenda.body.concerts.find((c: { id: number }) => c.id === concertId);
    expect(shown).toMatchObject({ day: '2031-05-20', venue: 'Sala Nueva', genre: 'Rock' });
    expect(JSON.stringify(shown)).toContain('Los Tiburones del Puerto');

    const venue = await database.db
      .selectFrom('venues')
      .select(['name', 'town'])
      .where('name', '=', 'Sala Nueva')
      .executeTakeFirstOrThrow();
    expect(venue).toEqual({ name: 'Sala Nueva', town: 'Inca' });
    const row = await database.db
      .selectFrom('band_submissions')
      .select(['status', 'concert_id', 'reviewed_by', 'reviewed_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'approved', concert_id: concertId, reviewed_by: userId });
    expect(row.reviewed_at).toBeInstanceOf(Date);

    // Reviewed once only.
    const again = await agent.post(`/api/admin/submissions/${id}/approve`).expect(409);
    expect(again.body.error.message).toBe('Esta propuesta ya se ha revisado.');
    await agent.post(`/api/admin/submissions/${id}/reject`).send({ reason: 'No' }).expect(409);
  });

  it("carries the band's ticket link to the concert; a link that is not http(s) is a 400", async () => {
    const bad = await submitForm(app(), time, { ticketUrl: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('El enlace de las entradas no es válido.');
    const id = await submitted({ ticketUrl: 'https://entradas.example/tiburones' });
    const { agent } = await admin();
    const listed = await agent.get(`/api/admin/submissions/${id}`).expect(200);
    expect(listed.body.ticketUrl).toBe('https://entradas.example/tiburones');
    const res = await agent.post(`/api/admin/submissions/${id}/approve`).expect(200);
    const concert = await request(app()).get(`/api/concerts/${res.body.concertId}`).expect(200);
    expect(concert.body.ticketUrl).toBe('https://entradas.example/tiburones');
  });

  it('reuses a band and a venue of the same name, case and accents ignored', async () => {
    const band = await createBand(database.db, { band_name: 'Sa Fosca' });
    const venueId = await addVenue(database.db, 'Café Lisboa', 'Palma');
    const id = await submitted({ bandName: 'SA FÒSCA', venueName: 'cafe lisboa' });
    const res = await request(app())
      .post(`/api/admin/submissions/${id}/approve`)
      .set('X-Admin-Token', API_TOKEN)
      .expect(200);
    expect(await rowOf(database.db, 'concerts', { id: res.body.concertId })).toMatchObject({
      venue_id: venueId,
      venue: 'Café Lisboa',
      user_id: null,
    });
    const links = await database.db
      .selectFrom('concert_band')
      .select('band_id')
      .where('concert_id', '=', res.body.concertId)
      .execute();
    expect(links).toEqual([{ band_id: band.id }]);
    const bands = await database.db.selectFrom('bands').select('id').execute();
    expect(bands).toHaveLength(1);
  });

  it('answers 404 for an unknown submission', async () => {
    const { agent } = await admin();
    await agent.post('/api/admin/submissions/999999/approve').expect(404);
    await agent.post('/api/admin/submissions/0/approve').expect(400);
  });
});

describe('rejecting', () => {
  it('needs a reason, mails it, and makes no concert', async () => {
    const id = await submitted({ email: 'rechazo@example.com' });
    const { agent } = await admin();
    const missing = await agent.post(`/api/admin/submissions/${id}/reject`).send({}).expect(400);
    expect(missing.body.error.message).toBe('Indica el motivo del rechazo.');
    await agent
      .post(`/api/admin/submissions/${id}/reject`)
      .send({ reason: 'x'.repeat(1001) })
      .expect(400);

    const res = await request(app())
      .post(`/api/admin/submissions/${id}/reject`)
      .set('X-Admin-Token', API_TOKEN)
      .send({ reason: 'El concierto es fuera de Mallorca.' })
      .expect(200);
    expect(res.body).toEqual(
      closedAnswer('Propuesta rechazada y email enviado a rechazo@example.com.', 'sent'),
    );
    const mail = await sink.waitForMail('rechazo@example.com', /No hemos publicado/);
    expect(mail.subject).toBe('No hemos publicado tu concierto');
    expect(mail.text).toContain('Motivo: El concierto es fuera de Mallorca.');
    const row = await database.db
      .selectFrom('band_submissions')
      .select(['status', 'reason', 'concert_id', 'reviewed_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: 'rejected',
      reason: 'El concierto es fuera de Mallorca.',
      concert_id: null,
      reviewed_by: null,
    });
    const concerts = await database.db.selectFrom('concerts').select('id').execute();
    expect(concerts).toEqual([]);
    const rejected = await agent.get('/api/admin/submissions?status=rejected').expect(200);
    expect(rejected.body.submissions.map((s: { id: number }) => s.id)).toEqual([id]);
  });
});

describe('the address a review mails', () => {
  const mailsTo = (to: string) =>
    sink.messages.filter((mail) => JSON.stringify(mail.to).includes(to)).length;

  it('a submission never confirmed is not in the queue and cannot be reviewed', async () => {
    expect((await submitForm(app(), time, { email: 'nadie@example.com' })).status).toBe(201);
    const { id } = await database.db
      .selectFrom('band_submissions')
      .select('id')
      .executeTakeFirstOrThrow();
    const { agent } = await admin();
    const queue = await agent.get('/api/admin/submissions').expect(200);
    expect(queue.body.submissions).toEqual([]);
    await agent.post(`/api/admin/submissions/${id}/reject`).send({ reason: 'No' }).expect(404);
    await agent.post(`/api/admin/submissions/${id}/spam`).expect(404);
  });

  it('an address nobody confirmed (queued before, or changed by an admin) gets no mail', async () => {
    const legacy = await submitted({ email: 'antigua@example.com' });
    await database.db
      .updateTable('band_submissions')
      .set({ confirmed_at: null })
      .where('id', '=', legacy)
      .execute();
    const changed = await submitted({ email: 'primera@example.com' });
    const { agent } = await admin();
    const edit = { ...validSubmission({ email: 'otra-persona@example.com' }), imageUrl: null };
    delete (edit as Partial<typeof edit>).website;
    const edited = await agent.put(`/api/admin/submissions/${changed}`).send(edit).expect(200);
    expect(edited.body.emailConfirmed).toBe(false);

    const sentBefore = sink.messages.length;
    const rejected = await agent
      .post(`/api/admin/submissions/${legacy}/reject`)
      .send({ reason: 'Texto de un desconocido' })
      .expect(200);
    expect(rejected.body).toEqual(
      closedAnswer(
        'Propuesta rechazada. No se ha enviado email: su dirección no está confirmada.',
        'none',
      ),
    );
    const approved = await agent.post(`/api/admin/submissions/${changed}/approve`).expect(200);
    expect(approved.body.mail).toBe('none');
    expect(sink.messages.length).toBe(sentBefore);
    expect(mailsTo('otra-persona@example.com')).toBe(0);
  });

  it("'spam' closes a submission without mailing anyone, and deletes its picture", async () => {
    const id = await submitted({ email: 'spam@example.com' }, await poster());
    const { agent } = await admin();
    const [listed] = (await agent.get('/api/admin/submissions').expect(200)).body.submissions;
    const file = waitingFile(listed.imageUrl);
    expect(existsSync(file)).toBe(true);
    const before = mailsTo('spam@example.com');
    const res = await agent.post(`/api/admin/submissions/${id}/spam`).expect(200);
    expect(res.body).toEqual(
      closedAnswer('Propuesta marcada como spam. No se ha enviado ningún email.', 'none'),
    );
    expect(mailsTo('spam@example.com')).toBe(before);
    expect(existsSync(file)).toBe(false);
    const spam = await agent.get('/api/admin/submissions?status=spam').expect(200);
    expect(spam.body.submissions.map((s: { id: number }) => s.id)).toEqual([id]);
    await agent.post(`/api/admin/submissions/${id}/spam`).expect(409);
  });
});

describe('a waiting picture', () => {
  it('is shown to admins only, and published by the approval', async () => {
    const id = await submitted({}, await poster());
    const { agent } = await admin();
    const [listed] = (await agent.get('/api/admin/submissions').expect(200)).body.submissions;
    const shown = await agent.get(listed.imageUrl).expect(200);
    expect(shown.headers['content-type']).toBe('image/webp');
    expect(shown.headers['cache-control']).toBe('no-store');
    const fan = await signedInAgent(app(), database.db);
    await fan.agent.get(listed.imageUrl).expect(403);
    await request(app()).get(listed.imageUrl).expect(401);
    await agent.get('/api/admin/submissions/images/..%2F..%2Fsecret.webp').expect(400);
    await agent.get(`/api/admin/submissions/images/${'0'.repeat(32)}.webp`).expect(404);
    // Another submission's picture cannot be taken over by an edit.
    const other = await submitted();
    const edit = { ...validSubmission(), imageUrl: listed.imageUrl };
    delete (edit as Partial<typeof edit>).website;
    await agent.put(`/api/admin/submissions/${other}`).send(edit).expect(400);

    const res = await agent.post(`/api/admin/submissions/${id}/approve`).expect(200);
    const concert = await rowOf(database.db, 'concerts', { id: res.body.concertId });
    const name = path.basename(listed.imageUrl);
    expect(concert.image_url).toBe(`/uploads/${name}`);
    expect(existsSync(path.join(uploadsDirOf(testApp.config.dataDir), name))).toBe(true);
    await request(app()).get(`/uploads/${name}`).expect(200);
    expect(existsSync(waitingFile(listed.imageUrl))).toBe(false);
  });

  it('is deleted by a rejection and never published', async () => {
    const id = await submitted({}, await poster());
    const { agent } = await admin();
    const [listed] = (await agent.get('/api/admin/submissions').expect(200)).body.submissions;
    await agent.post(`/api/admin/submissions/${id}/reject`).send({ reason: 'No' }).expect(200);
    expect(existsSync(waitingFile(listed.imageUrl))).toBe(false);
    const name = path.basename(listed.imageUrl);
    await request(app()).get(`/uploads/${name}`).expect(404);
  });
});
