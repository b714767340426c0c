// 'Publica tus conciertos': the public form and its spam rules (honeypot, minimum fill time with a
// signed token, rate limits per address and per email, size limits).
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { UPLOAD_MAX_BYTES } from '../common/admin-rules.js';
import { SUBMISSIONS_PER_EMAIL_PER_DAY } from '../server/submissions/submissions.service.js';
import { SUBMISSIONS_PER_IP_PER_HOUR } from '../server/submissions/submissions.routes.js';
import { createTestApp } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import {
  addVenue,
  formToken,
  movableClock,
  sendSubmission,
  validSubmission,
} from './helpers/submissions.js';

const database = useTestDatabase({ cleared: ['band_submissions', 'rate_limits'] });
const time = movableClock('2031-05-01T10:00:00Z');
let testApp: ReturnType<typeof createTestApp>;
beforeAll(() => {
  testApp = createTestApp({ database, clock: time.clock });
});
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

/** A token old enough to be accepted (the minimum fill time is 5 s by default). */
async function ripeToken(): Promise<string> {
  const token = await formToken(app());
  time.advance(6);
  return token;
}

/** A submission with a ripe token; the answer is awaited (status and body). */
async function submit(overrides: Record<string, string> = {}, image?: Buffer) {
  const formToken = await ripeToken();
  return await sendSubmission(
    app(),
    validSubmission({ formToken, ...overrides }),
    image && { buffer: image, name: 'cartel.png' },
  );
}

describe('GET /api/submissions/form', () => {
  it('gives a signed token and the venues by name', async () => {
    await addVenue(database.db, 'Es Gremi', 'Palma');
    await addVenue(database.db, 'Auditòrium de Sa Mániga', 'Cala Millor');
    const res = await request(app()).get('/api/submissions/form').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.token).toMatch(/^\d+\.[\w-]{43}$/);
    expect(res.body.venues).toEqual([
      { id: expect.any(Number), name: 'Auditòrium de Sa Mániga', town: 'Cala Millor' },
      { id: expect.any(Number), name: 'Es Gremi', town: 'Palma' },
    ]);
  });
});

describe('POST /api/submissions', () => {
  it('stores a pending submission with its picture, no account needed', async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    const res = await submit({ bandName: '  Los Tiburones del Puerto ' }, png);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(
      '¡Gracias! Hemos recibido tu concierto. Lo revisaremos y te escribiremos a banda@example.com.',
    );
    const row = await database.db
      .selectFrom('band_submissions')
      .select(['status', 'band_name', 'venue_id', 'venue_name', 'venue_town', 'price', 'image_url'])
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'pending',
      band_name: 'Los Tiburones del Puerto',
      venue_id: null,
      venue_name: 'Sala Nueva',
      venue_town: 'Inca',
      price: '12.50',
    });
    expect(row.image_url).toMatch(/^\/uploads\/\w+\.webp$/);
    const file = path.join(testApp.config.dataDir, row.image_url!.slice(1));
    expect(existsSync(file)).toBe(true);
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

  it('refuses a forged, a made-up or a day-old token', async () => {
    const token = await ripeToken();
    const [issued, signature] = token.split('.') as [string, string];
    // An earlier time written by the client, to skip the wait: the signature no longer matches.
    const forged = `${Number(issued) - 60_000}.${signature}`;
    for (const bad of [forged, 'abc', '']) {
      const res = await sendSubmission(app(), validSubmission({ formToken: bad })).expect(400);
      expect(res.body.error.code).toBe('form_expired');
    }
    time.advance(25 * 3600);
    const old = await sendSubmission(app(), validSubmission({ formToken: token })).expect(400);
    expect(old.body.error.message).toBe(
      'El formulario ha caducado. Recarga la página y vuelve a enviarlo.',
    );
    expect(await storedCount()).toBe(0);
  });

  it('limits the attempts per address, counting refused ones too', async () => {
    const formToken = await ripeToken();
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
    const formToken = await ripeToken();
    for (let i = 0; i < SUBMISSIONS_PER_EMAIL_PER_DAY; i++) {
      await sendSubmission(app(), validSubmission({ formToken })).expect(201);
    }
    const res = await sendSubmission(
      app(),
      validSubmission({ formToken, email: 'BANDA@example.com' }),
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
