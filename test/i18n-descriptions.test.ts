// A concert's descriptions in the reader's language: the agenda (a visitor's and a fan's), the
// concert page with its head, the API, the feeds and the recommendation prompt give the Catalan
// texts to a Catalan reader and the Spanish ones to a Spanish reader, Spanish when there is no
// Catalan yet; the kept answers are kept per language and never handed to the other.
import request from 'supertest';
import { buildMessages } from '../server/recommendations/prompt.js';
import { findConcertsToScoreByIds } from '../server/recommendations/recommendations.repository.js';
import { createTestApp, fixedClock } from './helpers/app.js';
import { useChangeFeeds } from './helpers/change-feeds.js';
import { builtClientDir } from './helpers/client-dir.js';
import { useTestDatabase } from './helpers/db.js';
import { concertToScore, createBand, createConcert } from './helpers/factories.js';
import { appRenderer } from './helpers/render.js';
import { signedInAgent } from './helpers/session.js';

const database = useTestDatabase({
  cleared: ['concerts', 'bands', 'venues', 'users', 'rate_limits'],
});
const startFeed = useChangeFeeds(database);
const clock = fixedClock('2026-11-21T10:00:00Z');
const clientDir = builtClientDir('<title>Conciertos Mallorca</title>');

const TEXTS = {
  description_short: 'Rock del bueno en Palma.',
  description_long: 'Una noche de rock en Es Gremi. Llega pronto.',
  description_short_ca: 'Rock de primera a Palma.',
  description_long_ca: 'Un vespre de rock a Es Gremi. Arriba d’hora.',
};

/** An upcoming concert with both texts (or only the Spanish ones). */
async function describedConcert({ catalan = true } = {}) {
  const band = await createBand(database.db, { band_name: `Banda ${Math.random()}` });
  const concert = await createConcert(database.db, {
    day: '2026-11-28',
    hour: '21:30',
    venue: 'Es Gremi',
    bandIds: [band.id],
  });
  const { description_short_ca, description_long_ca, ...spanish } = TEXTS;
  await database.db
    .updateTable('concerts')
    .set(catalan ? { ...spanish, description_short_ca, description_long_ca } : spanish)
    .where('id', '=', concert.id)
    .execute();
  return concert;
}

/** The app keeping answers (a live change feed), so a second request may get a kept copy. */
async function keepingApp() {
  const feed = await startFeed();
  return createTestApp({ database, clock, clientDir, feed, render: await appRenderer() }).app;
}

const CATALAN = { short: TEXTS.description_short_ca, long: TEXTS.description_long_ca };
const SPANISH = { short: TEXTS.description_short, long: TEXTS.description_long };

type App = Parameters<typeof request>[0];

async function agendaTexts(app: App, target: string, headers: Record<string, string> = {}) {
  const res = await request(app).get(target).set(headers).expect(200);
  expect(res.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language, X-Page-Lang');
  const [concert] = res.body.concerts as { descriptionShort: string; descriptionLong: string }[];
  return { short: concert?.descriptionShort, long: concert?.descriptionLong };
}

describe('GET /api/concerts in the reader’s language', () => {
  it('gives Catalan to a Catalan reader and Spanish to a Spanish one, kept apart', async () => {
    await describedConcert();
    const app = await keepingApp();
    // Twice each, alternating: the second round is answered from the kept copies.
    for (let round = 0; round < 2; round++) {
      expect(await agendaTexts(app, '/api/concerts', { Cookie: 'lang=ca' })).toEqual(CATALAN);
      expect(await agendaTexts(app, '/api/concerts')).toEqual(SPANISH);
      expect(await agendaTexts(app, '/api/concerts?lang=ca')).toEqual(CATALAN);
      expect(await agendaTexts(app, '/api/concerts', { 'Accept-Language': 'es-ES' })).toEqual(
        SPANISH,
      );
      expect(await agendaTexts(app, '/api/concerts', { 'Accept-Language': 'ca' })).toEqual(CATALAN);
      expect(await agendaTexts(app, '/api/concerts?lang=es', { Cookie: 'lang=ca' })).toEqual(
        SPANISH,
      );
    }
  });

  it('falls back to the Spanish texts where the Catalan ones are not written yet', async () => {
    await describedConcert({ catalan: false });
    const app = await keepingApp();
    expect(await agendaTexts(app, '/api/concerts?lang=ca')).toEqual(SPANISH);
  });

  it('a fan’s agenda follows their saved language, in the API and in their page', async () => {
    const concert = await describedConcert();
    const app = await keepingApp();
    const { agent, userId } = await signedInAgent(app, database.db, { onboarding_completed: true });
    await database.db
      .updateTable('users')
      .set({ locale: 'ca' })
      .where('user_id', '=', userId)
      .execute();
    for (let round = 0; round < 2; round++) {
      const res = await agent.get('/api/concerts').set('Accept-Language', 'es').expect(200);
      const [mine] = res.body.concerts as { id: number; descriptionShort: string }[];
      expect(mine).toMatchObject({ id: concert.id, descriptionShort: CATALAN.short });
    }
    const page = await agent.get('/myconcerts').set('Accept-Language', 'es').expect(200);
    expect(page.text).toContain(CATALAN.short);
    expect(page.text).not.toContain(SPANISH.short);
  });
});

describe('a concert’s page in the reader’s language', () => {
  async function pagePathOf(app: App, id: number) {
    const moved = await request(app).get(`/conciertos/${id}`).expect(301);
    return moved.headers.location as string;
  }

  it('renders, heads and answers the Catalan texts for a Catalan reader, kept apart', async () => {
    const concert = await describedConcert();
    const app = await keepingApp();
    const path = await pagePathOf(app, concert.id);
    for (let round = 0; round < 2; round++) {
      for (const [headers, target] of [
        [{}, `${path}?lang=ca`],
        [{ Cookie: 'lang=ca' }, path],
      ] as const) {
        const catalan = await request(app).get(target).set(headers).expect(200);
        expect(catalan.text).toContain(`<p class="concert-page__description">${CATALAN.long}`);
        expect(catalan.text).toMatch(/<meta name="description" content="[^"]*Rock de primera/);
        expect(catalan.text).toMatch(/<meta property="og:description" content="[^"]*Rock de/);
        expect(catalan.text).not.toContain(SPANISH.short);
      }
      // Right after a Catalan one: the Spanish page, never the kept Catalan copy.
      const spanish = await request(app).get(path).expect(200);
      expect(spanish.text).toContain(SPANISH.long);
      expect(spanish.text).toMatch(/<meta name="description" content="[^"]*Rock del bueno/);
      expect(spanish.text).not.toContain(CATALAN.short);
      expect(spanish.text).not.toContain(CATALAN.long);
    }

    const api = await request(app).get(`/api/concerts/${concert.id}?lang=ca`).expect(200);
    expect(api.body).toMatchObject({
      descriptionShort: CATALAN.short,
      descriptionLong: CATALAN.long,
    });
    expect(api.headers.vary).toMatch(/Cookie.*Accept-Language/);
    const byCookie = await request(app)
      .get(`/api/concerts/${concert.id}`)
      .set('Cookie', 'lang=ca')
      .expect(200);
    expect(byCookie.body.descriptionLong).toBe(CATALAN.long);
    const spanish = await request(app).get(`/api/concerts/${concert.id}`).expect(200);
    expect(spanish.body.descriptionLong).toBe(SPANISH.long);
  });

  it('falls back to the Spanish texts where the Catalan ones are not written yet', async () => {
    const concert = await describedConcert({ catalan: false });
    const app = await keepingApp();
    const path = await pagePathOf(app, concert.id);
    const page = await request(app).get(`${path}?lang=ca`).expect(200);
    expect(page.text).toContain(SPANISH.long);
    expect(page.text).toContain('<html lang="ca"');
    const api = await request(app).get(`/api/concerts/${concert.id}?lang=ca`).expect(200);
    expect(api.body.descriptionShort).toBe(SPANISH.short);
  });
});

describe('feeds and the recommendation prompt in the reader’s language', () => {
  it('the public feed at ?lang=ca carries the Catalan short text, the bare one the Spanish', async () => {
    await describedConcert();
    const app = createTestApp({ database, clock }).app;
    const catalan = await request(app).get('/calendario/conciertos.rss?lang=ca').expect(200);
    const spanish = await request(app).get('/calendario/conciertos.rss').expect(200);
    expect(String(catalan.text ?? catalan.body)).toContain(CATALAN.short);
    expect(String(spanish.text ?? spanish.body)).toContain(SPANISH.short);
    expect(String(spanish.text ?? spanish.body)).not.toContain(CATALAN.short);
  });

  it('a fan who reads Catalan gets the Catalan short text in the prompt, else the Spanish', async () => {
    const both = await describedConcert();
    const spanishOnly = await describedConcert({ catalan: false });
    const [first, second] = await findConcertsToScoreByIds(database.db, [both.id, spanishOnly.id]);
    expect(first).toMatchObject({ description: SPANISH.short, descriptionCa: CATALAN.short });
    expect(second).toMatchObject({ description: SPANISH.short, descriptionCa: SPANISH.short });

    const taste = { topGenres: ['Rock'], dislikedGenres: [], topArtists: [] };
    const concert = concertToScore(1, { description: 'Texto.', descriptionCa: 'Text.' });
    const user = (locale: 'es' | 'ca') =>
      buildMessages({ ...taste, locale }, [concert])[1]!.content;
    expect(user('ca')).toContain('Descripción: Text.');
    expect(user('es')).toContain('Descripción: Texto.');
  });
});
