// Concert descriptions written by the AI, through the admin routes against
// the local OpenAI-compatible peer: what is stored (a Spanish and a Catalan text for each length),
// what the prompt carries, and what happens when the AI fails (the template text is stored instead
// and the admin still gets a 200).
import type { Express } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import {
  descriptionColumn,
  findConcertsLacking,
  type DescriptionLength,
} from '../server/descriptions/concerts-to-describe.repository.js';
import { LOCALES, type Locale } from '../common/i18n/locales.js';
import { createOpenAiWriter } from '../server/descriptions/openai-writer.js';
import { templateLong, templateShort } from '../server/descriptions/template-writer.js';
import { aiGateFor, type AiGate } from '../server/ai/ai-gate.js';
import { createLogger } from '../server/lib/logger.js';
import { systemClock } from '../server/lib/time.js';
import { eventually } from './helpers/eventually.js';
import { createBand, createConcert } from './helpers/factories.js';
import { createTestDatabase, type TestDatabase } from './helpers/db.js';
import {
  startFakeOpenAi,
  systemMessageOf,
  userMessageOf,
  type ChatRequest,
  type FakeOpenAi,
  type FakeReply,
} from './helpers/fake-openai.js';
import { signedInAgent } from './helpers/session.js';
import { TEST_SESSION_SECRET, testConfig } from './helpers/app.js';
import { createJobsApp, type JobsApp } from './fixtures/jobs-app.js';

const API_KEY = 'sk-test-descripciones-no-debe-salir-0123456789';
const ADMIN_TOKEN = 'token-de-administracion-descripciones-123';
const MODEL = 'modelo-de-descripciones';

const ROUTE: Record<DescriptionLength, string> = {
  short: '/api/generateDescriptions',
  long: '/api/generateDescriptionsLong',
};
const COLUMN = { short: 'description_short', long: 'description_long' } as const;
const CATALAN = { short: 'description_short_ca', long: 'description_long_ca' } as const;

let database: TestDatabase;
let fake: FakeOpenAi;
/** AI configured and answering. */
let ai: JobsApp;
/** Same AI, with the shortest allowed timeout (1 s per attempt): for a server that never answers. */
let impatient: JobsApp;
/** AI configured on a port nobody listens on. */
let down: JobsApp;
const apps: JobsApp[] = [];

const aiEnv = (baseUrl: string, extra: Record<string, string> = {}) => ({
  OPENAI_API_KEY: API_KEY,
  OPENAI_BASE_URL: baseUrl,
  OPENAI_MODEL: MODEL,
  OPENAI_TIMEOUT_MS: '5000',
  ADMIN_API_TOKEN: ADMIN_TOKEN,
  ...extra,
});

/**
 * The apps live through the whole file, but each test starts like a fresh process: with a closed
 * circuit breaker (the failing tests would otherwise open it for the ones after them).
 */
const freshGates: (() => void)[] = [];
function perTestGate(env: Record<string, string>): AiGate {
  const make = () =>
    aiGateFor({
      config: testConfig(env),
      db: database.db,
      clock: systemClock,
      log: createLogger('silent'),
    });
  let gate = make();
  freshGates.push(() => (gate = make()));
  return {
    call: (attempt, options) => gate.call(attempt, options),
    get state() {
      return gate.state;
    },
  };
}

async function startApp(env: Record<string, string>): Promise<JobsApp> {
  const app = await createJobsApp({ database, env, work: false, ai: perTestGate(env) });
  apps.push(app);
  return app;
}

/** The line "Label: value" of a prompt. */
const lineOf = (request: ChatRequest, label: string) =>
  userMessageOf(request)
    .split('\n')
    .find((line) => line.startsWith(`${label}: `))
    ?.slice(label.length + 2) ?? '';

const inCatalan = (request: ChatRequest) => /catalán/.test(systemMessageOf(request));

/**
 * What the fake AI writes: names the artists and the venue it was given, so a text shows its
 * concert, in the language it was asked.
 */
const aiText = (request: ChatRequest) => {
  const who = lineOf(request, 'Artistas');
  const venue = lineOf(request, 'Sala');
  const short = /UNA sola frase/.test(userMessageOf(request));
  if (inCatalan(request)) {
    return short
      ? `Frase en català: ${who} toca a ${venue}.`
      : `Paràgraf en català: ${who} toca a ${venue}. Un vespre per recordar. Vine amb temps.`;
  }
  return short
    ? `Frase de la IA: ${who} toca en ${venue}.`
    : `Párrafo de la IA: ${who} toca en ${venue}. Una noche para recordar. Ven con tiempo.`;
};
const writeLikeAnAi = () => fake.setResponder((request) => ({ content: aiText(request) }));

beforeAll(async () => {
  database = await createTestDatabase(20);
  fake = await startFakeOpenAi();
  const gone = await startFakeOpenAi();
  await gone.close();
  ai = await startApp(aiEnv(fake.baseUrl));
  impatient = await startApp(aiEnv(fake.baseUrl, { OPENAI_TIMEOUT_MS: '1000' }));
  down = await startApp(aiEnv(gone.baseUrl));
});
afterAll(async () => {
  for (const app of apps) await app.stop();
  await fake.close();
  await database.destroy();
});
beforeEach(async () => {
  for (const fresh of freshGates) fresh();
  fake.reset();
  writeLikeAnAi();
  await database.db.deleteFrom('concerts').execute();
  await database.db.deleteFrom('bands').execute();
  await database.db.deleteFrom('users').execute();
  await database.db.deleteFrom('rate_limits').execute();
});

async function adminAgent(app: Express) {
  return (await signedInAgent(app, database.db, { is_admin: true })).agent;
}

async function describeConcerts(app: Express, length: DescriptionLength) {
  const agent = await adminAgent(app);
  return agent.post(ROUTE[length]).send({});
}

async function descriptionsById() {
  const rows = await database.db
    .selectFrom('concerts')
    .select([
      'id',
      'description_short',
      'description_long',
      'description_short_ca',
      'description_long_ca',
    ])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Writes the text of that length in these languages (both by default). */
async function setDescription(
  id: number,
  length: DescriptionLength,
  text: string,
  locales: readonly Locale[] = LOCALES,
) {
  for (const locale of locales) {
    await database.db
      .updateTable('concerts')
      .set({ [descriptionColumn(length, locale)]: text })
      .where('id', '=', id)
      .execute();
  }
}

/**
 * Three concerts: two lacking descriptions (bands, and a free name only) in the languages of
 * `lacking` (their other language already written) and one already described in both.
 */
async function seedConcerts(length: DescriptionLength, lacking: readonly Locale[] = LOCALES) {
  const valldemossa = await createBand(database.db, { band_name: 'Los Valldemossa' });
  const ona = await createBand(database.db, { band_name: 'Ona Rock' });
  const withBands = await createConcert(database.db, {
    bandIds: [valldemossa.id, ona.id],
    genre: 'Jazz',
    venue: 'Jazz Voyeur',
    day: '2030-06-14',
    hour: '21:30',
    price: '0',
  });
  const freeName = await createConcert(database.db, {
    bandname: 'Trío de Sóller',
    genre: 'Salsa',
    venue: 'Sa Possessió',
    day: '2030-06-15',
    price: '12.50',
  });
  const describedBand = await createBand(database.db, { band_name: 'Banda Ya Descrita' });
  const described = await createConcert(database.db, {
    bandIds: [describedBand.id],
    venue: 'Sala Descrita',
    day: '2030-06-16',
  });
  await setDescription(described.id, length, 'Ya escrita por una persona.');
  const written = LOCALES.filter((locale) => !lacking.includes(locale));
  for (const { id } of [withBands, freeName]) {
    await setDescription(id, length, 'Ya escrita en la otra lengua.', written);
  }
  return { withBands, freeName, described };
}

describe.each<DescriptionLength>(['short', 'long'])('%s descriptions with the AI', (length) => {
  const other: DescriptionLength = length === 'short' ? 'long' : 'short';

  it('stores the AI texts, Spanish and Catalan, on the concerts lacking them and never asks about the others', async () => {
    const { withBands, freeName, described } = await seedConcerts(length);

    const res = await describeConcerts(ai.app, length);

    expect(res.status).toBe(200);
    // Concerts, not texts: each of the two got two.
    expect(res.body).toEqual({ message: 'Descripciones generadas para 2 conciertos.' });
    const rows = await descriptionsById();
    const intro = length === 'short' ? 'Frase de la IA' : 'Párrafo de la IA';
    expect(rows.get(withBands.id)![COLUMN[length]]).toBe(
      `${intro}: Los Valldemossa y Ona Rock toca en Jazz Voyeur.${
        length === 'long' ? ' Una noche para recordar. Ven con tiempo.' : ''
      }`,
    );
    expect(rows.get(freeName.id)![COLUMN[length]]).toMatch(
      new RegExp(`^${intro}: Trío de Sóller toca en Sa Possessió\\.`),
    );
    const catalanIntro = length === 'short' ? 'Frase en català' : 'Paràgraf en català';
    expect(rows.get(withBands.id)![CATALAN[length]]).toMatch(
      new RegExp(`^${catalanIntro}: Los Valldemossa i Ona Rock toca a Jazz Voyeur\\.`),
    );
    expect(rows.get(freeName.id)![CATALAN[length]]).toMatch(
      new RegExp(`^${catalanIntro}: Trío de Sóller toca a Sa Possessió\\.`),
    );
    expect(rows.get(described.id)![COLUMN[length]]).toBe('Ya escrita por una persona.');
    expect(rows.get(described.id)![CATALAN[length]]).toBe('Ya escrita por una persona.');
    // The other length is a separate action: untouched.
    expect(
      [...rows.values()].every(
        (row) => row[COLUMN[other]] === null && row[CATALAN[other]] === null,
      ),
    ).toBe(true);

    // One request per text lacking, none about the described concert.
    expect(fake.calls).toBe(4);
    expect(fake.requests.map((r) => lineOf(r, 'Sala')).sort()).toEqual([
      'Jazz Voyeur',
      'Jazz Voyeur',
      'Sa Possessió',
      'Sa Possessió',
    ]);
    expect(fake.requests.filter(inCatalan)).toHaveLength(2);
    for (const request of fake.requests) {
      expect(userMessageOf(request)).not.toContain('Banda Ya Descrita');
      expect(userMessageOf(request)).not.toContain('Sala Descrita');
      expect(request.body.model).toBe(MODEL);
      expect(request.authorization).toBe(`Bearer ${API_KEY}`);
    }

    // A second run finds nothing to write and asks the AI nothing.
    const again = await describeConcerts(ai.app, length);
    expect(again.body).toEqual({ message: 'Descripciones generadas para 0 conciertos.' });
    expect(fake.calls).toBe(4);
  });

  it('writes only the Catalan text where the Spanish one is there, asking for it in Catalan', async () => {
    const { withBands, freeName } = await seedConcerts(length, ['ca']);

    const res = await describeConcerts(ai.app, length);

    expect(res.body).toEqual({ message: 'Descripciones generadas para 2 conciertos.' });
    expect(fake.calls).toBe(2);
    expect(fake.requests.every(inCatalan)).toBe(true);
    const rows = await descriptionsById();
    for (const { id } of [withBands, freeName]) {
      expect(rows.get(id)![COLUMN[length]]).toBe('Ya escrita en la otra lengua.');
      expect(rows.get(id)![CATALAN[length]]).toMatch(/en català: .* toca a /);
    }
  });

  it('the X-Admin-Token entry point writes with the AI too', async () => {
    const concert = await createConcert(database.db, { bandname: 'Solo Token', venue: 'Es Gremi' });
    const res = await request(ai.app)
      .post(ROUTE[length])
      .set('X-Admin-Token', ADMIN_TOKEN)
      .expect(200);
    expect(res.body).toEqual({ message: 'Descripciones generadas para 1 concierto.' });
    const row = (await descriptionsById()).get(concert.id)!;
    expect(row[COLUMN[length]]).toMatch(/de la IA: Solo Token toca en Es Gremi\./);
    expect(row[CATALAN[length]]).toMatch(/en català: Solo Token toca a Es Gremi\./);
    expect(fake.calls).toBe(2);
  });

  it('trims the answer and cuts one that runs far too long', async () => {
    const concert = await createConcert(database.db, { bandname: 'Los Largos' });
    const max = length === 'short' ? 300 : 1500;
    fake.setResponder(() => ({ content: `\n  ${'Muy largo. '.repeat(400)}  \n` }));

    await describeConcerts(ai.app, length).then((res) => expect(res.status).toBe(200));

    const row = (await descriptionsById()).get(concert.id)!;
    for (const text of [row[COLUMN[length]]!, row[CATALAN[length]]!]) {
      expect(text).toHaveLength(max);
      expect(text.startsWith('Muy largo. Muy largo.')).toBe(true);
    }
  });
});

describe('the prompt sent to the AI', () => {
  it("carries the concert's artists, genre, venue, day, hour and price, and the length asked", async () => {
    const { withBands, described } = await seedConcerts('short');
    await describeConcerts(ai.app, 'short').then((res) => expect(res.status).toBe(200));
    await setDescription(withBands.id, 'long', 'Larga ya escrita.');
    await setDescription(described.id, 'long', 'Larga ya escrita.');
    await describeConcerts(ai.app, 'long').then((res) => expect(res.status).toBe(200));

    expect(fake.calls).toBe(6);
    const byGenre = (a: ChatRequest, b: ChatRequest) =>
      lineOf(a, 'Género').localeCompare(lineOf(b, 'Género'));
    const shortRun = fake.requests.slice(0, 4);
    const [shortJazz, shortSalsa] = shortRun.filter((r) => !inCatalan(r)).sort(byGenre);
    expect(lineOf(shortJazz!, 'Artistas')).toBe('Los Valldemossa y Ona Rock');
    expect(lineOf(shortJazz!, 'Género')).toBe('Jazz');
    expect(lineOf(shortJazz!, 'Sala')).toBe('Jazz Voyeur');
    expect(lineOf(shortJazz!, 'Fecha')).toBe('viernes, 14 de junio a las 21:30');
    expect(lineOf(shortJazz!, 'Precio')).toBe('Gratis');
    expect(userMessageOf(shortJazz!)).toMatch(/UNA sola frase/);

    // No band linked: the free name is who plays.
    expect(lineOf(shortSalsa!, 'Artistas')).toBe('Trío de Sóller');
    expect(lineOf(shortSalsa!, 'Género')).toBe('Salsa');
    expect(lineOf(shortSalsa!, 'Precio')).toMatch(/^12,50\s€$/);

    // The Catalan texts are asked with the concert's facts in Catalan.
    const [catalanJazz, catalanSalsa] = shortRun.filter(inCatalan).sort(byGenre);
    const lines = (request: ChatRequest, labels: string[]) =>
      labels.map((label) => lineOf(request, label));
    expect(lines(catalanJazz!, ['Artistas', 'Género', 'Sala', 'Fecha', 'Precio'])).toEqual([
      'Los Valldemossa i Ona Rock',
      'Jazz',
      'Jazz Voyeur',
      'divendres, 14 de juny a les 21:30',
      'Gratuït',
    ]);
    expect(lines(catalanSalsa!, ['Artistas', 'Precio'])).toEqual([
      'Trío de Sóller',
      expect.stringMatching(/^12,50\s€$/),
    ]);

    // The long run only asked about the salsa concert, for a paragraph in each language.
    const longRun = fake.requests.slice(4);
    expect(longRun.filter(inCatalan)).toHaveLength(1);
    for (const long of longRun) {
      expect(lineOf(long, 'Sala')).toBe('Sa Possessió');
      expect(userMessageOf(long)).toMatch(/párrafo de 3 o 4 frases/);
      expect(userMessageOf(long)).not.toMatch(/UNA sola frase/);
    }

    for (const request of fake.requests) {
      expect(systemMessageOf(request)).toMatch(
        inCatalan(request)
          ? /en catalán, con las formas baleares de Mallorca/
          : /español de España/,
      );
      expect(systemMessageOf(request)).toMatch(/sin inventar datos/);
    }
  });

  it('holds no secret and nothing about the admin: only the model and the two messages', async () => {
    await seedConcerts('short');
    const { agent, email } = await signedInAgent(ai.app, database.db, { is_admin: true });
    await agent.post(ROUTE.short).send({}).expect(200);

    expect(fake.calls).toBe(4);
    for (const request of fake.requests) {
      expect(Object.keys(request.body).sort()).toEqual(['messages', 'model']);
      expect(request.body.messages.map((message) => message.role)).toEqual(['system', 'user']);
      const sent = JSON.stringify(request.body);
      for (const secret of [API_KEY, API_KEY.slice(-12), ADMIN_TOKEN, TEST_SESSION_SECRET, email]) {
        expect(sent).not.toContain(secret);
      }
    }
  });

  it('describes at most four concerts at a time, one text of each after the other', async () => {
    for (let i = 0; i < 7; i += 1) await createConcert(database.db, { bandname: `Grupo ${i}` });
    const held = fake.hold();
    const answer = describeConcerts(ai.app, 'short');
    // Four requests held by the AI at once, and no fifth: then they are all let through.
    await eventually(() => held.waiting >= 4);
    held.open();
    const res = await answer;
    expect(res.body).toEqual({ message: 'Descripciones generadas para 7 conciertos.' });
    expect(fake.calls).toBe(14);
    expect(fake.maxInFlight).toBe(4);
  });
});

describe('when the AI fails, the template text is stored and the admin still gets a 200', () => {
  /** The template text each text lacking would get, by concert and language, read before the run. */
  async function expectedTemplates(length: DescriptionLength) {
    const concerts = await findConcertsLacking(database.db, length);
    const write = length === 'short' ? templateShort : templateLong;
    return concerts.flatMap((concert) =>
      concert.missing.map((locale) => ({ id: concert.id, locale, text: write(concert, locale) })),
    );
  }

  /**
   * Runs the admin route and checks the templates were stored. How long it took is not asserted:
   * each caller bounds the WORK instead (the number of requests the fake AI received); a run that
   * waited for ever would fail on the test's own timeout. `lacking`: the languages the two
   * concerts lack (the breaker opens after five outages in a row: the outage tests ask for fewer).
   */
  async function expectTemplatesStored(
    app: Express,
    length: DescriptionLength,
    lacking: readonly Locale[] = LOCALES,
  ) {
    const { described } = await seedConcerts(length, lacking);
    const templates = await expectedTemplates(length);
    expect(templates).toHaveLength(2 * lacking.length);

    const res = await describeConcerts(app, length);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Descripciones generadas para 2 conciertos.' });
    const rows = await descriptionsById();
    for (const { id, locale, text } of templates) {
      expect(rows.get(id)![descriptionColumn(length, locale)]).toBe(text);
      expect(text).not.toMatch(/de la IA|en català:/);
      // A Catalan template tells its day in Catalan.
      if (locale === 'ca')
        expect(text).toMatch(
          /\b(dilluns|dimarts|dimecres|dijous|divendres|dissabte|diumenge), \d{1,2} (de |d’)/,
        );
    }
    expect(rows.get(described.id)![COLUMN[length]]).toBe('Ya escrita por una persona.');
    return templates;
  }

  it.each<DescriptionLength>(['short', 'long'])(
    '500 on every attempt (%s): one retry per text, then the template',
    async (length) => {
      fake.failNext(100, {
        status: 500,
        content: 'Internal error',
        headers: { 'retry-after-ms': '0' },
      });
      await expectTemplatesStored(ai.app, length, ['es']);
      // maxRetries 1: two attempts for each of the two concerts, none for the described one.
      expect(fake.calls).toBe(4);
      expect(fake.requests.every((r) => lineOf(r, 'Sala') !== 'Sala Descrita')).toBe(true);
    },
  );

  /** The AI fails once with `failure` on the one concert (named `band`), then answers. */
  async function expectRetriedAndKept(band: string, failure: FakeReply) {
    const concert = await createConcert(database.db, { bandname: band });
    fake.failNext(1, failure);
    const res = await describeConcerts(ai.app, 'short');
    expect(res.status).toBe(200);
    const row = (await descriptionsById()).get(concert.id)!;
    expect(row.description_short).toMatch(new RegExp(`^Frase de la IA: ${band}`));
    expect(row.description_short_ca).toMatch(new RegExp(`^Frase en català: ${band}`));
    // The Spanish text's two attempts, then the Catalan one's.
    expect(fake.calls).toBe(3);
  }

  it('a 500 then an answer: the retry succeeds and the AI text is kept', () =>
    expectRetriedAndKept('Segundo Intento', {
      status: 500,
      content: 'Hipo',
      headers: { 'retry-after-ms': '0' },
    }));

  it('the AI server down (connection refused): the template', async () => {
    await expectTemplatesStored(down.app, 'short');
    expect(fake.calls).toBe(0);
  });

  it('a server that never answers: each attempt times out, then the template', async () => {
    fake.setResponder(() => ({ hang: true }));
    await expectTemplatesStored(impatient.app, 'long', ['ca']);
    // Two attempts per concert: each one was abandoned by the client (a timeout), then retried once.
    expect(fake.calls).toBe(4);
  });

  it.each([
    ['an empty answer', { content: '' }],
    ['only blanks', { content: '   \n\t ' }],
    ['a too short answer', { content: 'Vale.' }],
    ['a body that is not a chat completion', { raw: '<html>502 Bad Gateway</html>' }],
  ])('%s: the template, with no retry', async (_name, reply) => {
    fake.setResponder(() => reply);
    await expectTemplatesStored(ai.app, 'short');
    expect(fake.calls).toBe(4);
  });

  it('a 400 is not retried: the template at once', async () => {
    fake.failNext(100, { status: 400, content: 'Unknown model' });
    await expectTemplatesStored(ai.app, 'short');
    expect(fake.calls).toBe(4);
  });

  it('a 429 with a short Retry-After is waited for and retried: the AI text is kept', async () => {
    await expectRetriedAndKept('Con Paciencia', {
      status: 429,
      content: 'Slow down',
      headers: { 'retry-after': '1' },
    });
    // The one clock reading kept on purpose: a LOWER bound, the proof that Retry-After was
    // honoured. A slow machine only makes the gap longer, so it cannot fail by chance.
    expect(fake.requests[1]!.receivedAt - fake.requests[0]!.receivedAt).toBeGreaterThanOrEqual(900);
  });

  it('a 429 asking to wait an hour is not waited for: the template at once', async () => {
    fake.failNext(100, { status: 429, content: 'Quota', headers: { 'retry-after': '3600' } });
    await expectTemplatesStored(ai.app, 'short');
    // One request per text and no retry: the hour was not waited for.
    expect(fake.calls).toBe(4);
  });

  it('only the concert the AI failed on gets the template; the others keep the AI text', async () => {
    const { withBands, freeName } = await seedConcerts('short');
    const templates = await expectedTemplates('short');
    fake.setResponder((request) =>
      lineOf(request, 'Sala') === 'Jazz Voyeur'
        ? { status: 400, content: 'content_filter' }
        : { content: aiText(request) },
    );

    const res = await describeConcerts(ai.app, 'short');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Descripciones generadas para 2 conciertos.' });
    const rows = await descriptionsById();
    const templateOf = (locale: Locale) =>
      templates.find((t) => t.id === withBands.id && t.locale === locale)?.text;
    expect(rows.get(withBands.id)!.description_short).toBe(templateOf('es'));
    expect(rows.get(withBands.id)!.description_short_ca).toBe(templateOf('ca'));
    expect(rows.get(freeName.id)!.description_short).toBe(
      'Frase de la IA: Trío de Sóller toca en Sa Possessió.',
    );
    expect(rows.get(freeName.id)!.description_short_ca).toBe(
      'Frase en català: Trío de Sóller toca a Sa Possessió.',
    );
  });

  it('a fallback is final: the next run, with the AI back, does not rewrite it', async () => {
    fake.failNext(100, { status: 400, content: 'Unknown model' });
    const templates = await expectTemplatesStored(ai.app, 'short');
    fake.reset();
    writeLikeAnAi();

    const res = await describeConcerts(ai.app, 'short');
    expect(res.body).toEqual({ message: 'Descripciones generadas para 0 conciertos.' });
    expect(fake.calls).toBe(0);
    const rows = await descriptionsById();
    for (const { id, locale, text } of templates) {
      expect(rows.get(id)![descriptionColumn('short', locale)]).toBe(text);
    }
  });
});

describe('createOpenAiWriter logs', () => {
  /** A pino logger writing into memory. */
  function memoryLog() {
    const lines: string[] = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
    return { log, text: () => lines.join('') };
  }

  it('warns about a fallback without ever writing the API key, even when the server echoes it', async () => {
    const { log, text } = memoryLog();
    const writer = createOpenAiWriter({
      apiKey: API_KEY,
      baseUrl: fake.baseUrl,
      model: MODEL,
      timeoutMs: 5000,
      log,
    });
    fake.setResponder((request) => ({
      status: 401,
      content: `Incorrect API key provided: ${request.authorization}`,
    }));
    const concert = {
      id: 7,
      day: '2030-06-14',
      hour: '21:30',
      venue: 'Es Gremi',
      genre: 'Rock',
      price: '10.00',
      bandname: 'Los Ecos',
      bands: [],
    };

    const written = await writer.write(concert, 'short', 'es');

    expect(written).toBe(templateShort(concert));
    expect(text()).toMatch(/"level":40.*se usa la plantilla/);
    expect(text()).toMatch(/"concertId":7/);
    expect(text()).toContain('[oculto]');
    expect(text()).not.toContain(API_KEY);
    expect(text()).not.toContain(API_KEY.slice(-12));
  });
});
