// The AI engine learns too: the prompt of a fan's rescoring says what they taught us, and
// keep-to-rules holds the AI's answer to the learned verdict (never above it, and never below a
// band the fan keeps liking or going to). Through the app, against the tests' OpenAI-compatible
// server (helpers/fake-openai.ts).
import { createLogger } from '../server/lib/logger.js';
import { createOpenAiEngine } from '../server/recommendations/openai-engine.js';
import { createTestApp, fixedClock } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import {
  concertIdsIn,
  startFakeOpenAi,
  systemMessageOf,
  userMessageOf,
  type FakeOpenAi,
} from './helpers/fake-openai.js';
import { createBand, createConcert } from './helpers/factories.js';
import { signedInAgent } from './helpers/session.js';

const database = useTestDatabase({
  poolSize: 20,
  cleared: ['concerts', 'bands', 'users', 'rate_limits'],
});
const clock = fixedClock('2026-11-21T10:00:00Z');

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());

/** Every concert of a request answered 'medium', with a reason that names nothing. */
function answerMedium() {
  fake.setResponder((request) => ({
    content: concertIdsIn(request)
      .map((id) => `${id}; medium; Puede ser un buen plan para esta semana.`)
      .join('\n'),
  }));
}

it('the rescoring prompt says what was learned, and the answer is held to the learned verdict', async () => {
  answerMedium();
  const engine = createOpenAiEngine({
    apiKey: 'sk-test',
    baseUrl: fake.baseUrl,
    model: 'modelo-de-prueba',
    batchSize: 3,
    concurrency: 4,
    timeoutMs: 5000,
    log: createLogger('silent'),
  });
  const { app, recommendations, learner } = createTestApp({ database, clock, engine });
  const fan = await signedInAgent(app, database.db, { top_genres: ['Rock', 'Jazz'] });
  const portixol = await createBand(database.db, {
    band_name: 'Son de Portixol',
    band_genres: ['Salsa'],
  });
  const blues = [];
  const salsa = [];
  for (const day of ['2026-12-01', '2026-12-02', '2026-12-10']) {
    blues.push(await createConcert(database.db, { day, genre: 'Blues' }));
    salsa.push(await createConcert(database.db, { day, genre: 'Salsa', bandIds: [portixol.id] }));
  }
  await fan.agent.post('/api/recommendations/generate').expect(202);
  await recommendations.idle();
  fake.reset();
  answerMedium();

  for (const concert of blues.slice(0, 2)) {
    await fan.agent.put(`/api/concerts/${concert.id}/feedback`).send({ feedback: -1 }).expect(200);
  }
  for (const concert of salsa.slice(0, 2)) {
    await fan.agent.put(`/api/concerts/${concert.id}/like`).send({ liked: true }).expect(200);
  }
  await learner.idle();
  await recommendations.idle();

  // Only the concerts whose verdict the lessons changed went to the AI, told what was learned.
  const asked = fake.requests.flatMap(concertIdsIn).sort((a, b) => a - b);
  expect(asked).toEqual([...blues, ...salsa].map((concert) => concert.id).sort((a, b) => a - b));
  const last = fake.requests[fake.requests.length - 1]!;
  expect(userMessageOf(last)).toContain(
    '- Aprendido: géneros que no le convencen del todo: Blues (2 👎)',
  );
  expect(userMessageOf(last)).toContain(
    '- Aprendido: bandas que le gustan: Son de Portixol (le gustaron 2 conciertos)',
  );
  expect(systemMessageOf(last)).toContain('al menos high');

  const row = (concertId: number) =>
    database.db
      .selectFrom('user_concert_recommendations')
      .select(['score', 'reason', 'engine', 'learned'])
      .where('user_id', '=', fan.userId)
      .where('concert_id', '=', concertId)
      .executeTakeFirstOrThrow();
  // 'medium' is above a Blues concert's learned verdict (low): the built-in row instead.
  expect(await row(blues[2]!.id)).toMatchObject({
    score: 'low',
    engine: 'builtin',
    learned: 'down',
  });
  // 'medium' is below the floor of a band the fan keeps liking: the built-in row instead.
  const next = await row(salsa[2]!.id);
  expect(next).toMatchObject({ score: 'high', engine: 'builtin', learned: 'up' });
  expect(next.reason).toContain('Son de Portixol');
});
