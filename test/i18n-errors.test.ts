// Error messages and answers in the reader's language: the page's language for this request
// (`?lang=`, the fan's saved choice, the `lang` cookie, Accept-Language, Spanish), from the
// catalogues, for the API's own errors, zod's checks of a body and the services' errors alike.
import request from 'supertest';
import { requestLocale } from '../server/i18n/intl.js';
import { createTestApp } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { signedInAgent } from './helpers/session.js';

const database = useTestDatabase({ cleared: ['users', 'rate_limits'] });
const app = () => createTestApp({ database }).app;

/** Each way of asking for Catalan, and the plain Spanish reader. */
const CATALAN: [string, Record<string, string>][] = [
  ['Accept-Language', { 'Accept-Language': 'ca-ES,ca;q=0.9,es;q=0.8' }],
  ['the lang cookie', { Cookie: 'lang=ca', 'Accept-Language': 'es-ES' }],
];
const SPANISH = { 'Accept-Language': 'es-ES,es;q=0.9' };

const errorOf = (res: request.Response) => res.body.error as { code: string; message: string };

/** The message of a body zod refuses (400). */
const refusal = async (path: string, headers: Record<string, string>, body: object) =>
  errorOf(await request(app()).post(path).set(headers).send(body).expect(400)).message;

describe.each(CATALAN)('a Catalan reader (%s)', (_how, catalan) => {
  it('hears of an unknown API route, a missing session and a sign-in left off in Catalan', async () => {
    const missing = await request(app()).get('/api/res-de-res').set(catalan).expect(404);
    expect(errorOf(missing)).toEqual({
      code: 'not_found',
      message: 'Aquesta ruta de l’API no existeix.',
    });
    const noSession = await request(app()).get('/api/profile').set(catalan).expect(401);
    expect(errorOf(noSession).message).toBe(
      'No hi ha cap sessió activa. Inicia la sessió, per favor.',
    );
    // A service's error with a placeholder.
    const off = await request(app()).get('/auth/google').set(catalan).expect(404);
    expect(errorOf(off).message).toBe('L’inici de sessió amb Google no està activat.');
  });

  it('gets zod’s refusals of a body in Catalan, zod’s own ones included', async () => {
    const short = { email: 'nova@example.com', password: 'curta' };
    expect(await refusal('/api/auth/register', catalan, short)).toBe(
      'La contrasenya ha de tenir almanco 8 caràcters.',
    );
    const extra = { email: 'nova@example.com', password: 'secreta', remember: true };
    expect(await refusal('/api/auth/login', catalan, extra)).toBe('Clau desconeguda: "remember"');
  });

  it('gets an answer with a placeholder, and then a 429, in Catalan', async () => {
    const ask = () =>
      request(app()).post('/api/auth/recover').set(catalan).send({ email: 'algu@example.com' });
    expect((await ask().expect(200)).body.message).toBe(
      'Hem enviat un enllaç per restablir la teva contrasenya a algu@example.com.',
    );
    const again = await ask().expect(429);
    expect(errorOf(again)).toEqual({
      code: 'rate_limited',
      message: 'Massa intents. Espera un moment i torna-ho a provar.',
    });
  });
});

describe('a Spanish reader', () => {
  it('gets the exact Spanish texts', async () => {
    const missing = await request(app()).get('/api/res-de-res').set(SPANISH).expect(404);
    expect(errorOf(missing).message).toBe('Esta ruta de la API no existe.');
    const noSession = await request(app()).get('/api/profile').expect(401);
    expect(errorOf(noSession).message).toBe('No hay sesión activa. Por favor, inicia sesión.');
    const off = await request(app()).get('/auth/google').set(SPANISH).expect(404);
    expect(errorOf(off).message).toBe('El inicio de sesión con Google no está activado.');
    const short = { email: 'nueva@example.com', password: 'corta' };
    expect(await refusal('/api/auth/register', SPANISH, short)).toBe(
      'La contraseña debe tener al menos 8 caracteres.',
    );
    const extras = { email: 'nueva@example.com', password: 'secreta', a: 1, b: 2 };
    expect(await refusal('/api/auth/login', {}, extras)).toBe('Llaves desconocidas: "a", "b"');
    const ask = () =>
      request(app()).post('/api/auth/recover').send({ email: 'alguien@example.com' });
    expect((await ask().expect(200)).body.message).toBe(
      'Hemos enviado un enlace para restablecer tu contraseña a alguien@example.com.',
    );
    expect(errorOf(await ask().expect(429)).message).toBe(
      'Demasiados intentos. Espera un momento y vuelve a probar.',
    );
  });
});

describe('a fan who saved Catalan, in a Spanish browser', () => {
  it('gets zod’s and the services’ messages in Catalan; ?lang=es outvotes it', async () => {
    const { agent } = await signedInAgent(app(), database.db, { locale: 'ca' });
    const noGenre = (path: string) =>
      agent.patch(path).set(SPANISH).send({ topGenres: [] }).expect(400);
    expect(errorOf(await noGenre('/api/profile')).message).toBe('Has de triar almanco un gènere.');
    const gone = await agent
      .delete('/api/profile/sessions/AAAAAAAAAAAAAAAAAAAAAA')
      .set(SPANISH)
      .expect(404);
    expect(errorOf(gone).message).toBe('Aquesta sessió ja no està activa.');
    expect(errorOf(await noGenre('/api/profile?lang=es')).message).toBe(
      'Debes seleccionar al menos un género.',
    );
  });

  it('keeps an admin’s enum options quoted as the API spells them', async () => {
    const { agent } = await signedInAgent(app(), database.db, { locale: 'ca', is_admin: true });
    const when = await agent.get('/api/admin/concerts?when=aviat').set(SPANISH).expect(400);
    expect(errorOf(when).message).toBe("El filtre de dates ha de ser 'upcoming', 'past' o 'all'.");
  });
});

// A page read through `?lang=ca` (no cookie, a Spanish browser, even a fan who saved Spanish):
// every API call of that page carries its language (client/src/lib/api.ts, X-Page-Lang).
describe('a reader of a Catalan page (?lang=ca), whose API calls say so', () => {
  const fromCatalanPage = { ...SPANISH, 'X-Page-Lang': 'ca' };

  it('hears the API’s, zod’s and the services’ errors in Catalan', async () => {
    const missing = await request(app()).get('/api/res-de-res').set(fromCatalanPage).expect(404);
    expect(errorOf(missing).message).toBe('Aquesta ruta de l’API no existeix.');
    const short = { email: 'nova@example.com', password: 'curta' };
    expect(await refusal('/api/auth/register', fromCatalanPage, short)).toBe(
      'La contrasenya ha de tenir almanco 8 caràcters.',
    );
    const { agent } = await signedInAgent(app(), database.db, { locale: 'es' });
    const noGenre = await agent
      .patch('/api/profile')
      .set(fromCatalanPage)
      .send({ topGenres: [] })
      .expect(400);
    expect(errorOf(noGenre).message).toBe('Has de triar almanco un gènere.');
  });

  it('keeps Spanish for a call without it, and ignores a language we do not have', async () => {
    const plain = await request(app()).get('/api/res-de-res').set(SPANISH).expect(404);
    expect(errorOf(plain).message).toBe('Esta ruta de la API no existe.');
    const unknown = await request(app())
      .get('/api/res-de-res')
      .set({ ...SPANISH, 'X-Page-Lang': 'fr' })
      .expect(404);
    expect(errorOf(unknown).message).toBe('Esta ruta de la API no existe.');
  });

  it('is heard under /api only: a page’s own address decides its language', () => {
    const headers = { 'accept-language': 'es-ES', 'x-page-lang': 'ca' };
    expect(requestLocale('/api/profile', headers)).toBe('ca');
    expect(requestLocale('/conciertos', headers)).toBe('es');
    expect(requestLocale('/api/profile?lang=es', headers)).toBe('es');
  });
});
