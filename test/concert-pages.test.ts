// The public concert pages: GET /api/concerts/:id, the server-rendered page with its head and
// JSON-LD, slugs and their 301s, the 404 page, robots.txt and sitemap.xml.
import { Kysely, PostgresDialect } from 'kysely';
import sharp from 'sharp';
import request from 'supertest';
import { storeImage } from '../server/uploads/image-store.js';
import { concertSlug, parseConcertSegment } from '../common/concerts/page-address.js';
import { ChangeFeed } from '../server/cache/change-feed.js';
import type { DB } from '../server/db/schema.js';
import { createLogger } from '../server/lib/logger.js';
import { madridIsoWithOffset } from '../server/lib/time.js';
import { eventually } from './helpers/eventually.js';
import { appRenderer } from './helpers/render.js';
import { createTestApp, fixedClock } from './helpers/app.js';
import { useChangeFeeds } from './helpers/change-feeds.js';
import { builtClientDir } from './helpers/client-dir.js';
import { useTestDatabase } from './helpers/db.js';
import { createBand, createConcert, createUser } from './helpers/factories.js';
import { signedInAgent } from './helpers/session.js';

const database = useTestDatabase({
  cleared: ['concerts', 'bands', 'venues', 'users', 'rate_limits'],
});

// 01:15 in Madrid on 21 November 2026: now minus 2 h is 23:15 on the 20th.
const clock = fixedClock('2026-11-21T00:15:00Z');
const PUBLIC_URL = 'https://conciertos.example.org';

// A built index.html as vite leaves it: title and description that the pages replace.
const clientDir = builtClientDir(
  '<title>Conciertos Mallorca · Tu agenda</title>\n' +
    '<meta\n  name="description"\n  content="La agenda por defecto."\n/>',
);

const newApp = () => createTestApp({ database, clock, clientDir, env: { PUBLIC_URL } }).app;
/** The app with its server renderer: the page's body is the app's own markup. */
const renderingApp = async () =>
  createTestApp({ database, clock, clientDir, env: { PUBLIC_URL }, render: await appRenderer() })
    .app;

async function gremiConcert(overrides: { day?: string; hour?: string; price?: string } = {}) {
  await database.db
    .insertInto('venues')
    .values({
      id: 1,
      name: 'Es Gremi',
      town: 'Palma',
      lat: 39.598,
      lon: 2.648,
      address: 'Carrer Gremi Porgadors, 16',
      website: 'https://esgremi.com',
    })
    .execute();
  const planetas = await createBand(database.db, {
    band_name: 'Los Planetas',
    band_spotify_url: 'https://open.spotify.com/artist/planetas',
  });
  const nina = await createBand(database.db, { band_name: 'Niña Pastori' });
  const concert = await createConcert(database.db, {
    day: '2026-11-28',
    hour: '21:30',
    venue: 'Es Gremi',
    venue_id: 1,
    genre: 'Indie',
    bandIds: [planetas.id, nina.id],
    ...overrides,
  });
  return { id: concert.id, planetas, nina };
}

/** The JSON-LD document of a page, parsed. */
function jsonLdOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no JSON-LD in the page');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(
    `<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`,
  ).exec(html);
  return match?.[1];
}

describe('slugs', () => {
  it('are made of bands, venue and the day in Spanish, without accents', () => {
    expect(
      concertSlug({
        bands: ['Los Planetas', 'Niña Pastori'],
        venue: 'Es Gremi',
        day: '2026-11-28',
      }),
    ).toBe('los-planetas-nina-pastori-es-gremi-28-noviembre-2026');
    expect(concertSlug({ bands: [], venue: "Sa Fàbrica d'Àlaró", day: '2027-03-01' })).toBe(
      'sa-fabrica-d-alaro-1-marzo-2027',
    );
    expect(concertSlug({ bands: ['東京'], venue: '', day: 'nope' })).toBe('concierto');
    const long = concertSlug({
      bands: ['Una banda con un nombre larguísimo'.repeat(5)],
      venue: 'X',
      day: '2026-01-02',
    });
    expect(long.length).toBeLessThan(90);
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('parse the page segment: an id, optionally a slug; nothing else', () => {
    expect(parseConcertSegment('12-los-planetas')).toEqual({ id: 12, slug: 'los-planetas' });
    expect(parseConcertSegment('12')).toEqual({ id: 12, slug: '' });
    expect(parseConcertSegment('0')).toBeNull();
    expect(parseConcertSegment('abc')).toBeNull();
    expect(parseConcertSegment('99999999999')).toBeNull();
  });
});

describe('madridIsoWithOffset', () => {
  it('gives winter and summer offsets around the daylight-saving changes', () => {
    expect(madridIsoWithOffset('2027-03-27', '21:00')).toBe('2027-03-27T21:00:00+01:00');
    expect(madridIsoWithOffset('2027-03-28', '21:00')).toBe('2027-03-28T21:00:00+02:00');
    expect(madridIsoWithOffset('2026-10-24', '22:30')).toBe('2026-10-24T22:30:00+02:00');
    expect(madridIsoWithOffset('2026-10-25', '22:30')).toBe('2026-10-25T22:30:00+01:00');
    // 02:30 does not exist on 28 March 2027, and happens twice on 25 October 2026.
    expect(madridIsoWithOffset('2027-03-28', '02:30')).toBe('2027-03-28T02:30:00+01:00');
    expect(madridIsoWithOffset('2026-10-25', '02:30')).toBe('2026-10-25T02:30:00+02:00');
  });
});

describe('GET /api/concerts/:id', () => {
  it('answers a visitor with the concert, its place, map link and canonical path', async () => {
    const { id, planetas } = await gremiConcert();
    const res = await request(newApp()).get(`/api/concerts/${id}`).expect(200);
    expect(res.body).toMatchObject({
      id,
      day: '2026-11-28',
      hour: '21:30',
      venue: 'Es Gremi',
      genre: 'Indie',
      price: '15.00',
      likeCount: 0,
      recommendation: null,
      status: 'scheduled',
      upcoming: true,
      path: `/conciertos/${id}-los-planetas-nina-pastori-es-gremi-28-noviembre-2026`,
      place: {
        name: 'Es Gremi',
        town: 'Palma',
        address: 'Carrer Gremi Porgadors, 16',
        website: 'https://esgremi.com',
        mapUrl: 'https://www.openstreetmap.org/?mlat=39.598&mlon=2.648#map=17/39.598/2.648',
      },
    });
    expect(res.body.bands[0]).toEqual({
      id: planetas.id,
      name: 'Los Planetas',
      spotifyUrl: 'https://open.spotify.com/artist/planetas',
      imageUrl: null,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/@example\.com|user_id/);
  });

  it("gives a signed-in fan their own score, reason, like and feedback, and nobody else's", async () => {
    const { id } = await gremiConcert();
    // Over plain http: an https PUBLIC_URL makes the session cookie Secure, which supertest keeps.
    const app = createTestApp({ database, clock, clientDir }).app;
    const other = await createUser(database.db);
    await database.db
      .insertInto('user_concert_recommendations')
      .values({
        user_id: other.user_id,
        concert_id: id,
        score: 'low',
        reason: 'De otro',
        liked: true,
      })
      .execute();
    const { agent, userId } = await signedInAgent(app, database.db);
    await database.db
      .insertInto('user_concert_recommendations')
      .values({
        user_id: userId,
        concert_id: id,
        score: 'extreme',
        reason: 'Te encanta el indie',
        liked: false,
        recommendation_feedback: 1,
      })
      .execute();
    const res = await agent.get(`/api/concerts/${id}`).expect(200);
    expect(res.body.recommendation).toEqual({
      score: 'extreme',
      reason: 'Te encanta el indie',
      liked: false,
      feedback: 1,
      going: false,
    });
    const visitor = await request(app).get(`/api/concerts/${id}`).expect(200);
    expect(visitor.body.recommendation).toBeNull();
  });

  it('answers a past concert (shared links keep working), marked not upcoming', async () => {
    const { id } = await gremiConcert({ day: '2026-11-01' });
    const res = await request(newApp()).get(`/api/concerts/${id}`).expect(200);
    expect(res.body.upcoming).toBe(false);
  });

  it('is a Spanish 404 for an unknown or removed concert and a 400 for a bad id', async () => {
    const { id } = await gremiConcert();
    await database.db.deleteFrom('concerts').where('id', '=', id).execute();
    const gone = await request(newApp()).get(`/api/concerts/${id}`).expect(404);
    expect(gone.body.error).toEqual({
      code: 'not_found',
      message: 'Este concierto no existe o se ha retirado de la agenda.',
    });
    for (const bad of ['abc', '0', '12345678901', '1.5']) {
      const res = await request(newApp()).get(`/api/concerts/${bad}`).expect(400);
      expect(res.body.error.code).toBe('bad_request');
    }
  });
});

describe('GET /conciertos/<id>-<slug>', () => {
  it('answers the page with its title, description, canonical URL, Open Graph and Twitter tags', async () => {
    const { id } = await gremiConcert();
    const pagePath = `/conciertos/${id}-los-planetas-nina-pastori-es-gremi-28-noviembre-2026`;
    const res = await request(await renderingApp())
      .get(pagePath)
      .expect(200);
    expect(res.headers['content-type']).toMatch(/html/);
    const html = res.text;
    const title =
      'Los Planetas + Niña Pastori en Es Gremi (Palma), sábado, 28 de noviembre de 2026';
    expect(html).toContain(`<title>${title} · Conciertos Mallorca</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('La agenda por defecto.');
    expect(metaContent(html, 'description')).toContain('a las 21:30. 15 €. Género: Indie.');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}${pagePath}">`);
    expect(metaContent(html, 'og:url')).toBe(`${PUBLIC_URL}${pagePath}`);
    expect(metaContent(html, 'og:title')).toBe(title);
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'og:locale')).toBe('es_ES');
    expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}/og-concierto.png`);
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:image')).toBe(`${PUBLIC_URL}/og-concierto.png`);
    // The app still boots: config, the data it hydrates from and the script stay.
    expect(html).toContain('<script id="app-config" type="application/json">');
    expect(html).toContain('<script id="app-data" type="application/json">');
    expect(html).toContain('/assets/index-1.js');
    // The body is the app's own page, rendered on the server: it reads without JavaScript.
    expect(html).toMatch(/<div id="root">.*<h1 id="[^"]+">Los Planetas \+ Niña Pastori<\/h1>/s);
    expect(html).toMatch(/<dd>Es Gremi(<!-- -->)? \(Palma\)<\/dd>/);
  });

  it("renders a band's Spotify player closed, and the plain link when the address names no artist", async () => {
    const { id, nina } = await gremiConcert();
    const artist = '4Z8W4fKeB5YxbusRsdQVPb';
    await database.db
      .updateTable('bands')
      .set({ band_spotify_url: `https://open.spotify.com/intl-es/artist/${artist}?si=x` })
      .where('id', '=', nina.id)
      .execute();
    const res = await request(await renderingApp())
      .get(`/conciertos/${id}`)
      .redirects(1)
      .expect(200);
    const html = res.text;
    // Niña Pastori's id opens a player, only when pressed: nothing of it is in the first render.
    expect(html).toMatch(
      /<button type="button" class="pill spotify-listen__toggle" aria-expanded="false" aria-controls="[^"]+">.*?Escuchar Niña Pastori aquí<\/button>/,
    );
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('/embed/');
    // Los Planetas' address has no artist id: the link as before, and no player.
    expect(html).toMatch(/>Escuchar (<!-- -->)?Los Planetas(<!-- -->)? en Spotify<\/a>/);
    expect(html).not.toContain('Escuchar Los Planetas aquí');
    expect(res.headers['content-security-policy']).toMatch(
      /(^|;)frame-src https:\/\/open\.spotify\.com(;|$)/,
    );
  });

  it("shows where tickets are sold and the source's page, and an unknown price as unknown", async () => {
    const { id } = await gremiConcert();
    const plain = await request(await renderingApp())
      .get(`/conciertos/${id}`)
      .redirects(1);
    expect(plain.text).not.toContain('>Entradas</a>');
    expect(plain.text).not.toContain('>Fuente</a>');
    await database.db
      .updateTable('concerts')
      .set({
        price: null,
        ticket_url: 'https://entradas.example/planetas',
        source_url: 'https://esgremi.example/agenda/planetas',
      })
      .where('id', '=', id)
      .execute();
    const html = (
      await request(await renderingApp())
        .get(`/conciertos/${id}`)
        .redirects(1)
    ).text;
    expect(html).toContain(
      '<a href="https://entradas.example/planetas" target="_blank" rel="noopener noreferrer">Entradas</a>',
    );
    expect(html).toContain(
      '<a href="https://esgremi.example/agenda/planetas" target="_blank" rel="noopener noreferrer">Fuente</a>',
    );
    expect(html).toContain('Precio por confirmar');
    expect(html).not.toContain('Gratis');
  });

  it('carries a JSON-LD MusicEvent that names the bands, venue, address, start and offer', async () => {
    const { id } = await gremiConcert();
    const res = await request(newApp()).get(`/conciertos/${id}`).redirects(1).expect(200);
    const event = jsonLdOf(res.text);
    expect(event).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'MusicEvent',
      name: 'Los Planetas + Niña Pastori',
      startDate: '2026-11-28T21:30:00+01:00',
      eventStatus: 'https://schema.org/EventScheduled',
      location: {
        '@type': 'Place',
        name: 'Es Gremi',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Carrer Gremi Porgadors, 16',
          addressLocality: 'Palma',
          addressCountry: 'ES',
        },
        geo: { '@type': 'GeoCoordinates', latitude: 39.598, longitude: 2.648 },
      },
      performer: [
        {
          '@type': 'MusicGroup',
          name: 'Los Planetas',
          sameAs: 'https://open.spotify.com/artist/planetas',
        },
        { '@type': 'MusicGroup', name: 'Niña Pastori' },
      ],
      offers: { '@type': 'Offer', price: '15.00', priceCurrency: 'EUR' },
      isAccessibleForFree: false,
    });
  });

  it('gives the Madrid offset of the concert day across the October change, and offers a free one at 0 EUR', async () => {
    const before = await createConcert(database.db, {
      day: '2027-10-30',
      hour: '21:00',
      price: '0',
    });
    const after = await createConcert(database.db, { day: '2027-10-31', hour: '21:00' });
    const app = newApp();
    const start = async (id: number) =>
      jsonLdOf((await request(app).get(`/conciertos/${id}`).redirects(1).expect(200)).text);
    const summer = await start(before.id);
    expect(summer.startDate).toBe('2027-10-30T21:00:00+02:00');
    expect(summer.offers).toMatchObject({ price: '0', priceCurrency: 'EUR' });
    expect(summer.isAccessibleForFree).toBe(true);
    expect((await start(after.id)).startDate).toBe('2027-10-31T21:00:00+01:00');
  });

  it("previews an uploaded picture with its size, and a band's picture elsewhere without one", async () => {
    const { app, config } = createTestApp({ database, clock, clientDir, env: { PUBLIC_URL } });
    const png = await sharp({
      create: { width: 800, height: 450, channels: 3, background: '#ff6f3c' },
    })
      .png()
      .toBuffer();
    const uploaded = await storeImage(config.dataDir, png);
    const withUpload = await createConcert(database.db, {});
    await database.db
      .updateTable('concerts')
      .set({ image_url: uploaded })
      .where('id', '=', withUpload.id)
      .execute();
    const page = await request(app).get(`/conciertos/${withUpload.id}`).redirects(1).expect(200);
    expect(metaContent(page.text, 'og:image')).toBe(`${PUBLIC_URL}${uploaded}`);
    expect(metaContent(page.text, 'og:image:width')).toBe('800');
    expect(metaContent(page.text, 'og:image:height')).toBe('450');

    const band = await createBand(database.db, { band_name: 'Con Foto' });
    await database.db
      .updateTable('bands')
      .set({ image_url: 'https://i.scdn.co/image/abc' })
      .where('id', '=', band.id)
      .execute();
    const withBand = await createConcert(database.db, { bandIds: [band.id] });
    const other = await request(app).get(`/conciertos/${withBand.id}`).redirects(1).expect(200);
    expect(metaContent(other.text, 'og:image')).toBe('https://i.scdn.co/image/abc');
    expect(metaContent(other.text, 'og:image:width')).toBeUndefined();
    expect(jsonLdOf(other.text).image).toEqual(['https://i.scdn.co/image/abc']);
  });

  it('keeps text from the database from breaking out of the tags', async () => {
    const band = await createBand(database.db, { band_name: '</script><b>"Banda"</b>' });
    const concert = await createConcert(database.db, { bandIds: [band.id] });
    const res = await request(newApp()).get(`/conciertos/${concert.id}`).redirects(1).expect(200);
    expect(res.text).not.toContain('</script><b>');
    expect(res.text).not.toContain('<b>"Banda"');
    expect(jsonLdOf(res.text).name).toBe('</script><b>"Banda"</b>');
  });

  it('redirects the bare id, an old slug and a wrong case with 301 to the one address, keeping the query', async () => {
    const { id } = await gremiConcert();
    const canonical = `/conciertos/${id}-los-planetas-nina-pastori-es-gremi-28-noviembre-2026`;
    const app = newApp();
    for (const asked of [
      `/conciertos/${id}`,
      `/conciertos/${id}-`,
      `/conciertos/${id}-los-planetas-sala-vieja-1-enero-2026`,
      `/conciertos/${id}-LOS-PLANETAS-NINA-PASTORI-ES-GREMI-28-NOVIEMBRE-2026`,
    ]) {
      const res = await request(app).get(asked).expect(301);
      expect(res.headers.location).toBe(canonical);
    }
    const withQuery = await request(app).get(`/conciertos/${id}?utm_source=whatsapp`).expect(301);
    expect(withQuery.headers.location).toBe(`${canonical}?utm_source=whatsapp`);
  });

  it('answers 404 with a useful page, not indexed, for an unknown, removed or malformed concert', async () => {
    const { id } = await gremiConcert();
    await database.db.deleteFrom('concerts').where('id', '=', id).execute();
    const app = await renderingApp();
    for (const asked of [
      `/conciertos/${id}-los-planetas`,
      '/conciertos/999999',
      '/conciertos/nada',
      '/conciertos/99999999999',
    ]) {
      const res = await request(app).get(asked).expect(404);
      expect(res.headers['content-type']).toMatch(/html/);
      expect(res.text).toContain('<title>Concierto no encontrado · Conciertos Mallorca</title>');
      expect(res.text).toContain('<meta name="robots" content="noindex">');
      expect(res.text).toMatch(/<h1>Concierto no encontrado<\/h1>/);
      expect(res.text).toMatch(
        /<a href="\/conciertos"[^>]*>Ver todos los próximos conciertos<\/a>/,
      );
      expect(res.text).toContain('<script id="app-config"');
    }
  });
});

describe('the kept page HTML (with the change feed)', () => {
  const startFeed = useChangeFeeds(database);
  async function appWith(feed?: ChangeFeed) {
    const started = await startFeed(feed);
    return createTestApp({ database, clock, clientDir, env: { PUBLIC_URL }, feed: started }).app;
  }
  /** Live, but deaf to the database: only what this instance keeps answers. */
  class DeafFeed extends ChangeFeed {
    protected override receive(): void {}
  }
  const renamed = async (id: number) =>
    database.db
      .updateTable('bands')
      .set({ band_name: 'Los Satélites' })
      .where('id', '=', id)
      .execute();

  it('is kept between requests (a deaf instance still answers the old name)', async () => {
    const { id, planetas } = await gremiConcert();
    const app = await appWith(new DeafFeed(database.url, createLogger('silent')));
    const before = await request(app).get(`/conciertos/${id}`).expect(301);
    await renamed(planetas.id);
    const page = await request(app)
      .get(before.headers.location as string)
      .expect(200);
    expect(jsonLdOf(page.text).name).toBe('Los Planetas + Niña Pastori');
  });

  it('remembers an unknown id without asking again, and finds the concert made with it', async () => {
    const { id } = await gremiConcert();
    const unknown = id + 1; // the id the next concert gets
    const statements: string[] = [];
    const counted = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: database.pool }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query.sql);
      },
    });
    const feed = await startFeed();
    const app = createTestApp({
      database: { db: counted, pool: database.pool },
      clock,
      clientDir,
      env: { PUBLIC_URL },
      feed,
    }).app;

    await request(app).get(`/conciertos/${unknown}`).expect(404);
    expect(statements).toHaveLength(1);
    statements.length = 0;
    for (const asked of [
      `/conciertos/${unknown}`,
      `/conciertos/${unknown}-otro-nombre`,
      `/conciertos/${unknown}?utm_source=whatsapp`,
      // Not a concert id at all: never asked for.
      '/conciertos/nada',
      '/conciertos/0',
      '/conciertos/99999999999',
    ]) {
      await request(app).get(asked).expect(404);
    }
    expect(statements).toEqual([]);

    const made = await createConcert(database.db, { day: '2026-12-05', venue_id: 1 });
    expect(made.id).toBe(unknown);
    const canonical = await eventually(async () => {
      const res = await request(app).get(`/conciertos/${unknown}`).expect(301);
      return res.headers.location as string;
    });
    expect(canonical).toBe(`/conciertos/${unknown}-es-gremi-5-diciembre-2026`);
    await request(app).get(canonical).expect(200);
  });

  it('follows a band renamed anywhere: new title, and the old slug now redirects', async () => {
    const { id, planetas } = await gremiConcert();
    const app = await appWith();
    const oldPath = (await request(app).get(`/conciertos/${id}`).expect(301)).headers
      .location as string;
    await request(app).get(oldPath).expect(200);
    await renamed(planetas.id);
    const newPath = `/conciertos/${id}-los-satelites-nina-pastori-es-gremi-28-noviembre-2026`;
    await eventually(async () => {
      const res = await request(app).get(oldPath).expect(301);
      expect(res.headers.location).toBe(newPath);
    });
    const page = await request(app).get(newPath).expect(200);
    expect(jsonLdOf(page.text).name).toBe('Los Satélites + Niña Pastori');
  });
});

describe('GET /conciertos (the public agenda)', () => {
  it('answers the SPA with its own title, description and canonical URL', async () => {
    const res = await request(newApp()).get('/conciertos').expect(200);
    expect(res.text).toContain(
      '<title>Agenda de conciertos en Mallorca · Conciertos Mallorca</title>',
    );
    expect(res.text).toContain(`<link rel="canonical" href="${PUBLIC_URL}/conciertos">`);
    expect(metaContent(res.text, 'description')).toMatch(
      /^Todos los próximos conciertos en Mallorca/,
    );
  });
});

describe('feed autodiscovery', () => {
  /** The alternate links of a page's <head> that name a type (not languages): type, title, href. */
  const alternates = (html: string) =>
    [
      ...(/<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '').matchAll(
        /<link rel="alternate" type=[^>]*>/g,
      ),
    ].map(([tag]) => ({
      type: /type="([^"]*)"/.exec(tag)?.[1],
      title: /title="([^"]*)"/.exec(tag)?.[1],
      href: /href="([^"]*)"/.exec(tag)?.[1],
    }));

  it('/ and /conciertos link the public RSS and ICS feeds, which answer with those types', async () => {
    await gremiConcert();
    const app = newApp();
    for (const page of ['/', '/conciertos']) {
      const links = alternates((await request(app).get(page).expect(200)).text);
      expect([page, links]).toEqual([
        page,
        [
          {
            type: 'application/rss+xml',
            title: 'Próximos conciertos en Mallorca (RSS)',
            href: `${PUBLIC_URL}/calendario/conciertos.rss`,
          },
          {
            type: 'text/calendar',
            title: 'Próximos conciertos en Mallorca (calendario)',
            href: `${PUBLIC_URL}/calendario/conciertos.ics`,
          },
        ],
      ]);
      for (const link of links) {
        const feed = await request(app)
          .get(new URL(link.href ?? '').pathname)
          .expect(200);
        expect(String(feed.headers['content-type']).split(';')[0]).toBe(link.type);
      }
    }
    // The private screens do not advertise them.
    expect(alternates((await request(app).get('/myconcerts').expect(200)).text)).toEqual([]);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt is text, keeps private screens out and names the sitemap', async () => {
    const res = await request(newApp()).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^User-agent: \*$/m);
    expect(res.text).toMatch(/^Disallow: \/api\/$/m);
    expect(res.text).toMatch(/^Disallow: \/profile$/m);
    expect(res.text).toMatch(/^Disallow: \/myconcerts$/m);
    expect(res.text).not.toMatch(/^Disallow: \/conciertos/m);
    expect(res.text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('sitemap.xml lists the landing, the agenda and every upcoming concert page, no past one', async () => {
    const { id } = await gremiConcert();
    const past = await createConcert(database.db, { day: '2026-11-20', hour: '20:00' });
    const free = await createConcert(database.db, {
      day: '2026-12-01',
      hour: '20:00',
      bandname: 'Jam & Co',
    });
    const res = await request(newApp()).get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    const gremi = `${PUBLIC_URL}/conciertos/${id}-los-planetas-nina-pastori-es-gremi-28-noviembre-2026`;
    const jam = `${PUBLIC_URL}/conciertos/${free.id}-jam-co-es-gremi-1-diciembre-2026`;
    expect(locs).toEqual(
      [`${PUBLIC_URL}/`, `${PUBLIC_URL}/conciertos`, gremi, jam].flatMap((url) => [
        url,
        `${url}?lang=ca`,
      ]),
    );
    // Each entry names every language's address, as the page's own hreflang links do.
    const entry = /<url><loc>[^<]*\/conciertos\?lang=ca<\/loc>(.*?)<\/url>/.exec(res.text)?.[1];
    expect(entry).toBe(
      `<xhtml:link rel="alternate" hreflang="es" href="${PUBLIC_URL}/conciertos"/>` +
        `<xhtml:link rel="alternate" hreflang="ca" href="${PUBLIC_URL}/conciertos?lang=ca"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/conciertos"/>`,
    );
    expect(res.text).not.toContain(`/conciertos/${past.id}-`);
    expect(res.text).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  });
});
