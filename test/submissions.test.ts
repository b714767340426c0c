// 'Publica tus conciertos': the public form and its spam rules (honeypot, minimum fill time with a
// signed single-use token, rate limits per address and per email, size limits, a capped queue),
// the confirmation of the contact address, and the hourly sweep of what was never confirmed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { UPLOAD_MAX_BYTES } from '../common/uploads/limits.js';
import { sweepSubmissions } from '../server/submissions/submission-sweep.js';
import { submissionImagesDirOf } from '../server/submissions/submission-images.js';
import { SUBMISSIONS_PER_EMAIL_PER_DAY } from '../server/submissions/submissions.service.js';
import { SUBMISSIONS_PER_IP_PER_HOUR } from '../server/submissions/submissions.routes.js';
import { uploadsDirOf } from '../server/uploads/image-store.js';
import { createTestApp, movableClock, useTestApp } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { useSmtpSink } from './helpers/smtp-sink.js';
import {
  addVenue,
  confirmationToken,
  confirmSubmission,
  formToken,
  ripeToken,
  sendSubmission,
  submitForm,
  validSubmission,
} from './helpers/submissions.js';

const database = useTestDatabase({
  cleared: ['band_submissions', 'rate_limits', 'used_submission_forms'],
});
const time = movableClock('2031-05-01T10:00:00Z');
const sink = useSmtpSink();
const appOptions = (env: Record<string, string> = {}) => ({
  database,
  clock: time.clock,
  env: { SMTP_URL: sink.url, PUBLIC_URL: 'http://conciertos.test', ...env },
});
const appWith = (env: Record<string, string> = {}) => createTestApp(appOptions(env));
const testApp = useTestApp(() => appOptions());
const app = () => testApp.app;

const storedCount = async () =>
  Number(
    (
      await database.db
        .selectFrom('band_submissions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A submission with a ripe token; the answer is awaited (status and body). */
const submit = (overrides: Record<string, string> = {}, image?: Buffer) =>
  submitForm(app(), time, overrides, image);

describe('GET /api/submissions/form', () => {
  it('gives a signed token and the venues by name', async () => {
    await addVenue(database.db, 'Es Gremi', 'Palma');
    await addVenue(database.db, 'Auditòrium de Sa Mániga', 'Cala Millor');
    const res = await request(app()).get('/api/submissions/form').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.token).toMatch(/^\d+\.[\w-]{22}\.[\w-]{43}$/);
    expect(res.body.venues).toEqual([
      { id: expect.any(Number), name: 'Auditòrium de Sa Mániga', town: 'Cala Millor' },
      { id: expect.any(Number), name: 'Es Gremi', town: 'Palma' },
    ]);
  });
});

describe('POST /api/submissions', () => {
  it('stores an unconfirmed submission, its picture private, and mails a link with none of its text', async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    const res = await submit({ bandName: '  Los Tiburones del Puerto ' }, png);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(
      '¡Gracias! Te hemos enviado un correo a banda@example.com. Abre el enlace que contiene para confirmar el concierto y lo revisaremos.',
    );
    const row = await database.db
      .selectFrom('band_submissions')
      .select(['status', 'band_name', 'venue_id', 'venue_name', 'venue_town', 'price', 'image_url'])
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'unconfirmed',
      band_name: 'Los Tiburones del Puerto',
      venue_id: null,
      venue_name: 'Sala Nueva',
      venue_town: 'Inca',
      price: '12.50',
    });

    // The picture waits outside the public uploads, for admins only.
    expect(row.image_url).toMatch(/^\/api\/admin\/submissions\/images\/[0-9a-f]{32}\.webp$/);
    const name = path.basename(row.image_url!);
    expect(existsSync(path.join(submissionImagesDirOf(testApp.config.dataDir), name))).toBe(true);
    expect(existsSync(path.join(uploadsDirOf(testApp.config.dataDir), name))).toBe(false);
    await request(app()).get(`/uploads/${name}`).expect(404);
    await request(app()).get(row.image_url!).expect(401);

    // The mail is ours alone: nothing the form carried is in its subject or body.
    const token = await confirmationToken(sink, 'banda@example.com');
    const mail = sink.messages.find((m) => m.text?.includes(encodeURIComponent(token)))!;
    expect(mail.subject).toBe('Confirma el concierto que nos has enviado');
    for (const submitted of [
      'Tiburones',
      'Sala Nueva',
      'Inca',
      'disco',
      '2031',
      '12,50',
      '12.50',
    ]) {
      expect([submitted, `${mail.subject} ${mail.text} ${String(mail.html)}`]).not.toEqual([
        submitted,
        expect.stringContaining(submitted),
      ]);
    }
    expect(mail.text).toContain(`http://conciertos.test/publica/confirmar#token=`);
  });

  it('mails the confirmation in the language the form was filled in, and keeps it for the review', async () => {
    const token = await ripeToken(app(), time);
    const fields = validSubmission({ formToken: token, email: 'catala@example.com' });
    const res = await sendSubmission(app(), fields).set('Accept-Language', 'ca-ES,ca;q=0.9');
    expect(res.status).toBe(201);
    const mail = await sink.waitForMail('catala@example.com', /^Confirma el concert/);
    expect(mail.subject).toBe('Confirma el concert que ens has enviat');
    expect(mail.text).toContain('en les properes 48 hores');
    const row = await database.db
      .selectFrom('band_submissions')
      .select('locale')
      .where('contact_email', '=', 'catala@example.com')
      .executeTakeFirstOrThrow();
    expect(row.locale).toBe('ca');
  });

  it('reaches the moderation queue only once its link is confirmed', async () => {
    expect((await submit({ email: 'confirma@example.com' })).status).toBe(201);
    const token = await confirmationToken(sink, 'confirma@example.com');
    const status = async () =>
      (await database.db.selectFrom('band_submissions').select('status').executeTakeFirstOrThrow())
        .status;
    expect(await status()).toBe('unconfirmed');
    const bad = await confirmSubmission(app(), 'no-es-un-token').expect(400);
    expect(bad.body.error.message).toBe(
      'El enlace no es válido o ha caducado. Envía el concierto de nuevo desde «Publica tus conciertos».',
    );
    const ok = await confirmSubmission(app(), token).expect(200);
    expect(ok.body.message).toBe(
      '¡Confirmado! Revisaremos tu concierto y te escribiremos a este email cuando lo hagamos.',
    );
    expect(await status()).toBe('pending');
    // A second click (or a mail scanner after the person) changes nothing.
    const again = await confirmSubmission(app(), token).expect(200);
    expect(again.body.message).toBe(
      'Ya habías confirmado este concierto. Te escribiremos cuando lo revisemos.',
    );
  });

  it('forgets what is never confirmed within 48 hours, with its picture', async () => {
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 0, b: 0 } },
    })
      .png()
      .toBuffer();
    expect((await submit({ email: 'olvido@example.com' }, png)).status).toBe(201);
    const token = await confirmationToken(sink, 'olvido@example.com');
    const { image_url } = await database.db
      .selectFrom('band_submissions')
      .select('image_url')
      .executeTakeFirstOrThrow();
    const file = path.join(
      submissionImagesDirOf(testApp.config.dataDir),
      path.basename(image_url!),
    );
    time.advance(47 * 3600);
    await sweepSubmissions({ db: database.db, dataDir: testApp.config.dataDir, clock: time.clock });
    expect(await storedCount()).toBe(1);
    expect(existsSync(file)).toBe(true);
    time.advance(2 * 3600);
    // Too late to confirm, even before the sweep runs.
    await confirmSubmission(app(), token).expect(400);
    const { expired } = await sweepSubmissions({
      db: database.db,
      dataDir: testApp.config.dataDir,
      clock: time.clock,
    });
    expect(expired).toBe(1);
    expect(await storedCount()).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  it('keeps nothing when the confirmation mail cannot be sent, and the form can be sent again', async () => {
    const formToken = await ripeToken(app(), time);
    sink.setDown(true);
    try {
      const res = await sendSubmission(app(), validSubmission({ formToken })).expect(503);
      expect(res.body.error.message).toBe(
        'No hemos podido enviarte el correo de confirmación. Vuelve a intentarlo en unos minutos.',
      );
    } finally {
      sink.setDown(false);
    }
    expect(await storedCount()).toBe(0);
    await sendSubmission(app(), validSubmission({ formToken })).expect(201);
  });

  it('takes each form token once, whatever address sends it', async () => {
    const formToken = await ripeToken(app(), time);
    await sendSubmission(app(), validSubmission({ formToken })).expect(201);
    const again = await request(app())
      .post('/api/submissions')
      .set('X-Forwarded-For', '203.0.113.9')
      .field(validSubmission({ formToken, email: 'otra@example.com' }))
      .expect(400);
    expect(again.body.error).toEqual({
      code: 'form_used',
      message: 'Este formulario ya se ha enviado. Recarga la página para enviar otro concierto.',
    });
    expect(await storedCount()).toBe(1);
  });

  it('refuses new submissions with a 503 while the queue of confirmed ones is full, and keeps what is queued', async () => {
    const small = appWith({ SUBMISSION_QUEUE_MAX: '2' });
    try {
      for (const email of ['uno@example.com', 'dos@example.com']) {
        const token = await formToken(small.app);
        time.advance(6);
        await sendSubmission(small.app, validSubmission({ formToken: token, email })).expect(201);
        // Only confirmed submissions fill the queue: unconfirmed ones are bounded per network.
        await confirmSubmission(small.app, await confirmationToken(sink, email)).expect(200);
      }
      const token = await formToken(small.app);
      time.advance(6);
      const full = await sendSubmission(
        small.app,
        validSubmission({ formToken: token, email: 'tres@example.com' }),
      ).expect(503);
      expect(full.headers['retry-after']).toMatch(/^\d+$/);
      expect(full.body.error.message).toBe(
        'Ahora mismo tenemos demasiados conciertos pendientes de revisar. Vuelve a intentarlo en unas horas.',
      );
      expect(await storedCount()).toBe(2);
    } finally {
      small.mailer.close();
    }
  });

  it('takes a venue of the list by id, with its own name and town', async () => {
    const venueId = await addVenue(database.db, 'Novo Café Lisboa', 'Palma');
    expect((await submit({ venueId: String(venueId), venueName: '', venueTown: '' })).status).toBe(
      201,
    );
    const row = await database.db
      .selectFrom('band_submissions')
      .select(['venue_id', 'venue_name', 'venue_town'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ venue_id: venueId, venue_name: 'Novo Café Lisboa', venue_town: 'Palma' });
  });

  it('refuses a filled honeypot and stores nothing', async () => {
    const res = await submit({ website: 'http://spam.example' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('spam_suspected');
    expect(await storedCount()).toBe(0);
  });

  it('refuses a form sent faster than a person can fill it', async () => {
    const token = await formToken(app());
    time.advance(2);
    const res = await sendSubmission(app(), validSubmission({ formToken: token })).expect(400);
    expect(res.body.error).toEqual({
      code: 'too_fast',
      message:
        'Has enviado el formulario demasiado rápido. Revisa los datos y vuelve a enviarlo en unos segundos.',
    });
    expect(await storedCount()).toBe(0);
    // The same form, once enough time has passed, goes through.
    time.advance(4);
    await sendSubmission(app(), validSubmission({ formToken: token })).expect(201);
  });

  it('refuses a forged, a made-up or an hour-old token', async () => {
    const token = await ripeToken(app(), time);
    const [issued, nonce, signature] = token.split('.') as [string, string, string];
    // An earlier time written by the client, to skip the wait: the signature no longer matches.
    const forged = `${Number(issued) - 60_000}.${nonce}.${signature}`;
    for (const bad of [forged, 'abc', '']) {
      const res = await sendSubmission(app(), validSubmission({ formToken: bad })).expect(400);
      expect(res.body.error.code).toBe('form_expired');
    }
    time.advance(3600);
    const old = await sendSubmission(app(), validSubmission({ formToken: token })).expect(400);
    expect(old.body.error.message).toBe(
      'El formulario ha caducado. Recarga la página y vuelve a enviarlo.',
    );
    expect(await storedCount()).toBe(0);
  });

  it('limits the attempts per address, counting refused ones too', async () => {
    const formToken = await ripeToken(app(), time);
    for (let i = 0; i < SUBMISSIONS_PER_IP_PER_HOUR; i++) {
      await sendSubmission(app(), validSubmission({ formToken, website: 'bot' })).expect(400);
    }
    const res = await sendSubmission(app(), validSubmission({ formToken })).expect(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.body.error.message).toBe(
      'Demasiados intentos. Espera un momento y vuelve a probar.',
    );
    expect(await storedCount()).toBe(0);
  });

  it('limits the submissions per contact email, whatever the case', async () => {
    for (let i = 0; i < SUBMISSIONS_PER_EMAIL_PER_DAY; i++) {
      await sendSubmission(
        app(),
        validSubmission({ formToken: await ripeToken(app(), time) }),
      ).expect(201);
    }
    const res = await sendSubmission(
      app(),
      validSubmission({ formToken: await ripeToken(app(), time), email: 'BANDA@example.com' }),
    ).expect(429);
    expect(res.body.error.code).toBe('rate_limited');
    expect(await storedCount()).toBe(SUBMISSIONS_PER_EMAIL_PER_DAY);
  });

  it('refuses an image over 5 MB, a field over its size and too many fields', async () => {
    const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1, 1);
    const image = await submit({}, big);
    expect(image.status).toBe(413);
    expect(image.body.error.message).toBe('La imagen no puede pesar más de 5 MB.');
    const field = await submit({ description: 'x'.repeat(9000) });
    expect(field.status).toBe(413);
    expect(field.body.error.message).toBe('Uno de los campos es demasiado largo.');
    const extra = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'x']));
    expect((await submit(extra)).status).toBe(413);
    expect(await storedCount()).toBe(0);
  });

  it('answers a Spanish 400 for bad input and stores nothing', async () => {
    const cases: [Record<string, string>, unknown][] = [
      [{ bandName: '' }, 'Indica el nombre de la banda.'],
      [{ bandName: 'a'.repeat(201) }, 'El nombre de la banda es demasiado largo.'],
      [{ bandName: 'Banda\u0000' }, 'El texto contiene caracteres no permitidos.'],
      [{ email: 'no-es-un-email' }, 'Indica un email de contacto válido.'],
      [
        { spotifyUrl: 'https://evil.example/spotify.com' },
        'El enlace de Spotify debe ser una dirección https de spotify.com.',
      ],
      [{ genre: 'Polka' }, 'Género desconocido.'],
      [{ day: '2031-02-30' }, 'El día debe tener el formato aaaa-mm-dd.'],
      [{ day: '2031-04-30' }, 'La fecha del concierto ya ha pasado.'],
      [{ hour: '25:00' }, 'La hora debe tener el formato HH:mm.'],
      [{ price: '-3' }, 'El precio no puede ser negativo.'],
      [
        { venueTown: '' },
        'Elige una sala de la lista o escribe el nombre y el municipio de la sala nueva.',
      ],
      [
        { venueId: '999999' },
        'Esa sala no está en la lista. Elígela de nuevo o escribe una nueva.',
      ],
      [{ description: 'x'.repeat(1001) }, 'El texto es demasiado largo.'],
      [{ unexpected: 'x' }, expect.any(String)],
    ];
    for (const [overrides, message] of cases) {
      // Each case is one more attempt from this address: start its count afresh.
      await database.db.deleteFrom('rate_limits').execute();
      const res = await submit(overrides);
      expect([res.status, res.body.error?.message]).toEqual([400, message]);
    }
    const notImage = await submit({}, Buffer.from('no soy una imagen'));
    expect(notImage.status).toBe(400);
    expect(notImage.body.error.message).toBe('El archivo debe ser una imagen JPEG, PNG o WebP.');
    expect(await storedCount()).toBe(0);
  });
});
