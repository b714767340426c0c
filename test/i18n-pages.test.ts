// Pages in the reader's language: <html lang>, the app's texts and the page data in Catalan or
// Spanish, the choice read from `?lang=`, the saved profile, the `lang` cookie or Accept-Language,
// and the visitors' kept copies kept apart per language.
import request from 'supertest';
import { createTestApp } from './helpers/app.js';
import { useChangeFeeds } from './helpers/change-feeds.js';
import { builtClientDir } from './helpers/client-dir.js';
import { useTestDatabase } from './helpers/db.js';
import { appRenderer } from './helpers/render.js';
import { createBand, createConcert } from './helpers/factories.js';
import { signedInAgent } from './helpers/session.js';

const database = useTestDatabase({
  cleared: ['users', 'rate_limits', 'concerts', 'bands', 'venues'],
});
const startFeed = useChangeFeeds(database);
const clientDir = builtClientDir('<title>Conciertos Mallorca</title>');

const CATALAN_TITLE = 'LA TEVA AGENDA PERSONALITZADA DE CONCERTS';
const SPANISH_TITLE = 'TU AGENDA PERSONALIZADA DE CONCIERTOS';

async function keepingApp() {
  const feed = await startFeed();
  return createTestApp({ database, clientDir, feed, render: await appRenderer() }).app;
}

const langOf = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];
const localeOf = (html: string) => /"locale":"(\w+)"/.exec(html)?.[1];

describe('pages in the reader’s language', () => {
  it('renders the landing in Catalan for a Catalan browser, and says what it varies on', async () => {
    const app = await keepingApp();
    const page = await request(app)
      .get('/')
      .set('Accept-Language', 'ca-ES,ca;q=0.9,es;q=0.8')
      .expect(200);
    expect(langOf(page.text)).toBe('ca');
    expect(localeOf(page.text)).toBe('ca');
    expect(page.text).toContain(CATALAN_TITLE);
    expect(page.text).toContain('<title>Conciertos Mallorca · La teva agenda personalitzada');
    expect(page.text).toMatch(
      /<a href="\/\?lang=ca" lang="ca"[^>]*aria-current="true"[^>]*>Català</,
    );
    expect(page.headers.vary).toMatch(/Cookie/);
    expect(page.headers.vary).toMatch(/Accept-Language/);
  });

  it('never hands a kept Catalan page to a Spanish reader, nor the other way round', async () => {
    const app = await keepingApp();
    // Each twice: the second answer is the kept copy (from the lane in front of the stack).
    for (let round = 0; round < 2; round++) {
      const catalan = await request(app).get('/').set('Cookie', 'lang=ca').expect(200);
      expect(langOf(catalan.text)).toBe('ca');
      expect(catalan.text).toContain(CATALAN_TITLE);
      const spanish = await request(app).get('/').set('Accept-Language', 'es-ES').expect(200);
      expect(langOf(spanish.text)).toBe('es');
      expect(spanish.text).toContain(SPANISH_TITLE);
      expect(spanish.text).not.toContain(CATALAN_TITLE);
      const bare = await request(app).get('/').expect(200);
      expect(langOf(bare.text)).toBe('es');
      expect(catalan.headers.etag).not.toBe(spanish.headers.etag);
      expect(bare.headers.etag).toBe(spanish.headers.etag);
    }
    // The cookie outvotes the browser; ?lang= outvotes both.
    const cookie = await request(app)
      .get('/')
      .set('Cookie', 'lang=es')
      .set('Accept-Language', 'ca')
      .expect(200);
    expect(langOf(cookie.text)).toBe('es');
    const asked = await request(app).get('/about?lang=ca').set('Cookie', 'lang=es').expect(200);
    expect(langOf(asked.text)).toBe('ca');
    expect(asked.text).toMatch(/<h1[^>]*>Qui som<\/h1>/);
  });

  it('remembers the language asked with ?lang= in the cookie, as the switch does with JavaScript', async () => {
    const app = await keepingApp();
    const langCookie = (answer: request.Response) =>
      ([] as string[])
        .concat(answer.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('lang='));
    // A kept page (twice: the second from the lane in front of the stack) and a rendered one.
    for (const address of ['/conciertos?lang=ca', '/conciertos?lang=ca', '/about?lang=ca']) {
      const asked = await request(app).get(address).expect(200);
      expect(langOf(asked.text)).toBe('ca');
      expect(langCookie(asked)).toBe(
        `lang=ca; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax`,
      );
    }
    // The next page, at its bare address, is in the language the cookie remembers.
    const next = await request(app).get('/conciertos').set('Cookie', 'lang=ca').expect(200);
    expect(langOf(next.text)).toBe('ca');
    // Nothing to remember: the cookie already says it, no language asked, or one we do not have.
    const same = await request(app).get('/?lang=ca').set('Cookie', 'lang=ca').expect(200);
    expect(langCookie(same)).toBeUndefined();
    expect(langCookie(await request(app).get('/conciertos').expect(200))).toBeUndefined();
    const unknown = await request(app).get('/?lang=fr').expect(200);
    expect(langOf(unknown.text)).toBe('es');
    expect(langCookie(unknown)).toBeUndefined();
  });

  it('follows a fan’s saved choice over the browser, saved from the profile', async () => {
    const app = createTestApp({ database, clientDir, render: await appRenderer() }).app;
    const { agent } = await signedInAgent(app, database.db, { onboarding_completed: true });
    const before = await agent.get('/about').set('Accept-Language', 'ca').expect(200);
    expect(langOf(before.text)).toBe('ca'); // nothing saved yet: the browser's
    await agent.patch('/api/profile').send({ locale: 'es' }).expect(200);
    const saved = await agent.get('/about').set('Accept-Language', 'ca').set('Cookie', 'lang=ca');
    expect(langOf(saved.text)).toBe('es');
    expect(saved.text).toMatch(/<h1[^>]*>Quiénes somos<\/h1>/);
    expect(saved.headers['cache-control']).toBe('private, no-cache');

    const refused = await agent.patch('/api/profile').send({ locale: 'fr' }).expect(400);
    expect(refused.body.error.message).toBe('Elige el idioma: es (castellano) o ca (catalán).');
    const row = await database.db.selectFrom('users').select('locale').executeTakeFirstOrThrow();
    expect(row.locale).toBe('es');
  });

  it('renders the admin’s pages in the admin’s language, from the admin’s own catalogue', async () => {
    const app = createTestApp({ database, clientDir, render: await appRenderer() }).app;
    const { agent } = await signedInAgent(app, database.db, { is_admin: true });
    const catalan = await agent.get('/admin/conciertos').set('Cookie', 'lang=ca').expect(200);
    expect(langOf(catalan.text)).toBe('ca');
    expect(catalan.text).toMatch(/<h1[^>]*>Tauler d’administració<\/h1>/);
    expect(catalan.text).toContain('<nav class="admin-nav" aria-label="Seccions del tauler">');
    expect(catalan.text).toMatch(/aria-current="page"[^>]*>Concerts<\/a>/);
    const spanish = await agent.get('/admin/conciertos').expect(200);
    expect(langOf(spanish.text)).toBe('es');
    expect(spanish.text).toMatch(/<h1[^>]*>Panel de administración<\/h1>/);
    expect(spanish.text).toContain('aria-label="Secciones del panel"');
    expect(spanish.text).not.toContain('Tauler');
  });

  it('gives a concert an address per language, named in both with hreflang', async () => {
    await database.db
      .insertInto('venues')
      .values({ id: 1, name: 'Es Gremi', town: 'Palma', lat: 39.598, lon: 2.648 })
      .execute();
    const band = await createBand(database.db, { band_name: 'Los Planetas' });
    const concert = await createConcert(database.db, {
      day: '2030-06-01',
      hour: '21:30',
      price: '0.00',
      bandIds: [band.id],
    });
    const app = await keepingApp();
    const path = (await request(app).get(`/conciertos/${concert.id}`).expect(301)).headers
      .location as string;

    for (let round = 0; round < 2; round++) {
      const catalan = await request(app).get(`${path}?lang=ca`).expect(200);
      expect(langOf(catalan.text)).toBe('ca');
      expect(catalan.text).toContain('dissabte, 1 de juny a les 21:30');
      expect(catalan.text).toContain('Afegeix al calendari');
      expect(catalan.text).toContain('<title>Los Planetas a Es Gremi (Palma), dissabte, 1 de juny');
      expect(catalan.text).toContain('<meta property="og:locale" content="ca_ES">');
      const spanish = await request(app).get(path).expect(200);
      expect(langOf(spanish.text)).toBe('es');
      expect(spanish.text).toContain('sábado, 1 de junio a las 21:30');
      expect(spanish.text).not.toContain('Afegeix al calendari');
      for (const page of [catalan.text, spanish.text]) {
        expect(page).toContain(`hreflang="es" href="http://localhost:3000${path}"`);
        expect(page).toContain(`hreflang="ca" href="http://localhost:3000${path}?lang=ca"`);
        expect(page).toContain(`hreflang="x-default" href="http://localhost:3000${path}"`);
      }
      expect(catalan.text).toContain(
        `<link rel="canonical" href="http://localhost:3000${path}?lang=ca">`,
      );
      expect(spanish.text).toContain(`<link rel="canonical" href="http://localhost:3000${path}">`);
    }
    // A Catalan reader at the bare address gets the Catalan page, kept apart from the Spanish one.
    const byCookie = await request(app).get(path).set('Cookie', 'lang=ca').expect(200);
    expect(langOf(byCookie.text)).toBe('ca');
    const agenda = await request(app).get('/conciertos?lang=ca').expect(200);
    expect(agenda.text).toContain('<title>Agenda de concerts a Mallorca · Conciertos Mallorca');
  });
});
