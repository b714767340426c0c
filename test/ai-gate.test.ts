// The AI gate against the fake OpenAI-compatible server: the circuit breaker (opens after N
// failures in a row, the built-in engine scores meanwhile, one probe after the cool-down closes it)
// and OPENAI_DAILY_CALL_LIMIT counted in PostgreSQL (after the limit no call reaches the server).
import { pino } from 'pino';
import { dailyCallBudget } from '../server/ai/ai-budget.js';
import { aiGateFor, createAiGate, type AiGate } from '../server/ai/ai-gate.js';
import type { Clock } from '../server/lib/time.js';
import { createOpenAiWriter } from '../server/descriptions/openai-writer.js';
import type { FanTaste } from '../server/recommendations/engine.js';
import { createOpenAiEngine } from '../server/recommendations/openai-engine.js';
import { testConfig } from './helpers/app.js';
import { createTestDatabase, type TestDatabase } from './helpers/db.js';
import { eventually } from './helpers/eventually.js';
import { concertToScore as concert } from './helpers/factories.js';
import { rateEvery, startFakeOpenAi, type FakeOpenAi } from './helpers/fake-openai.js';

const log = pino({ level: 'silent' });
const fan: FanTaste = { topGenres: ['Rock'], dislikedGenres: [], topArtists: [] };

let nextId = 1;
const batch = () => [concert(nextId++), concert(nextId++), concert(nextId++)];

/** A clock the test moves by hand: the cool-down passes without waiting for it. */
function manualClock(iso: string) {
  let now = new Date(iso).getTime();
  const clock: Clock = () => new Date(now);
  return { clock, advance: (ms: number) => (now += ms) };
}

/** Down for everyone, and asking to retry at once so no back-off sleep slows the test. */
const down = () => ({ status: 500, content: 'caído', headers: { 'retry-after-ms': '0' } });

let fake: FakeOpenAi;
let database: TestDatabase;
beforeAll(async () => {
  [fake, database] = await Promise.all([startFakeOpenAi(), createTestDatabase(4)]);
});
afterEach(async () => {
  fake.reset();
  await database.db.deleteFrom('rate_limits').execute();
});
afterAll(async () => {
  await fake.close();
  await database.destroy();
});

function engineThrough(gate: AiGate) {
  return createOpenAiEngine({
    apiKey: 'sk-test',
    baseUrl: fake.baseUrl,
    model: 'modelo-de-prueba',
    batchSize: 3,
    // One batch at a time: the number of calls that reach the server is exact.
    concurrency: 1,
    timeoutMs: 5000,
    log,
    gate,
  });
}

const enginesOf = (scores: { engine: string }[]) => [...new Set(scores.map((s) => s.engine))];

describe('circuit breaker', () => {
  it('opens after N failures in a row, scores with the built-in engine, closes after a probe', async () => {
    const time = manualClock('2030-06-01T10:00:00Z');
    const gate = createAiGate({ clock: time.clock, log, failuresToOpen: 3, coolDownMs: 30_000 });
    const engine = engineThrough(gate);
    fake.setResponder(down);

    // The first batch: its attempt and 2 retries fail, the 3rd failure opens the breaker.
    expect(enginesOf(await engine.scoreBatch(fan, batch()))).toEqual(['builtin']);
    expect(fake.calls).toBe(3);
    expect(gate.state).toBe('open');

    // Open: every batch is scored by the built-in rules and nothing reaches the server.
    for (let i = 0; i < 5; i += 1) {
      const scores = await engine.scoreBatch(fan, batch());
      expect(scores).toHaveLength(3);
      expect(enginesOf(scores)).toEqual(['builtin']);
    }
    expect(fake.calls).toBe(3);

    // After the cool-down ONE probe goes through; it fails: open again, no retries.
    time.advance(30_000);
    expect(gate.state).toBe('half-open');
    expect(enginesOf(await engine.scoreBatch(fan, batch()))).toEqual(['builtin']);
    expect(fake.calls).toBe(4);
    expect(gate.state).toBe('open');
    await engine.scoreBatch(fan, batch());
    expect(fake.calls).toBe(4);

    // The AI is back: the next probe succeeds and closes the breaker; the AI scores again.
    fake.setResponder(rateEvery());
    time.advance(30_000);
    expect(enginesOf(await engine.scoreBatch(fan, batch()))).toEqual(['openai']);
    expect(fake.calls).toBe(5);
    expect(gate.state).toBe('closed');
    expect(enginesOf(await engine.scoreBatch(fan, batch()))).toEqual(['openai']);
    expect(fake.calls).toBe(6);
  });

  it('does not open on failures that are not in a row', async () => {
    const time = manualClock('2030-06-01T10:00:00Z');
    const gate = createAiGate({ clock: time.clock, log, failuresToOpen: 3 });
    const engine = engineThrough(gate);
    for (let i = 0; i < 4; i += 1) {
      // Two failures, then the retry succeeds: the count starts again each time.
      fake.failNext(2, down());
      expect(enginesOf(await engine.scoreBatch(fan, batch()))).toEqual(['openai']);
    }
    expect(fake.calls).toBe(12);
    expect(gate.state).toBe('closed');
  });

  it('lets a single probe through while half-open, however many batches ask', async () => {
    const time = manualClock('2030-06-01T10:00:00Z');
    const gate = createAiGate({ clock: time.clock, log, failuresToOpen: 1, coolDownMs: 1000 });
    const engine = createOpenAiEngine({
      apiKey: 'sk-test',
      baseUrl: fake.baseUrl,
      model: 'modelo-de-prueba',
      batchSize: 3,
      concurrency: 8,
      timeoutMs: 5000,
      log,
      gate,
    });
    fake.setResponder(down);
    await engine.scoreBatch(fan, batch());
    expect(gate.state).toBe('open');
    const before = fake.calls;

    time.advance(1000);
    fake.setResponder(rateEvery());
    // The probe is held by the AI until the five other calls have been answered without it.
    const held = fake.hold();
    let answered = 0;
    const calls = Array.from({ length: 6 }, () =>
      engine.scoreBatch(fan, batch()).then((scores) => {
        answered += 1;
        return scores;
      }),
    );
    await eventually(() => answered === 5 && held.waiting === 1);
    held.open();
    const results = await Promise.all(calls);
    expect(fake.calls - before).toBe(1);
    expect(results.filter((scores) => scores[0]!.engine === 'openai')).toHaveLength(1);
    expect(gate.state).toBe('closed');
  });
});

describe('OPENAI_DAILY_CALL_LIMIT', () => {
  it('makes no AI call once the day is spent, and counts again the next Mallorca day', async () => {
    // 21:30 UTC on 1 June is 23:30 in Mallorca; 22:30 UTC is already 2 June there.
    const time = manualClock('2030-06-01T21:30:00Z');
    const budget = dailyCallBudget({ db: database.db, limit: 4, clock: time.clock, log });
    const engine = engineThrough(createAiGate({ clock: time.clock, log, budget }));

    const engines: string[][] = [];
    for (let i = 0; i < 7; i += 1) engines.push(enginesOf(await engine.scoreBatch(fan, batch())));
    expect(fake.calls).toBe(4);
    expect(engines.slice(0, 4).flat()).toEqual(['openai', 'openai', 'openai', 'openai']);
    expect(engines.slice(4).flat()).toEqual(['builtin', 'builtin', 'builtin']);

    time.advance(60 * 60 * 1000);
    expect(enginesOf(await engine.scoreBatch(fan, batch()))).toEqual(['openai']);
    expect(fake.calls).toBe(5);
  });

  it('is shared by every instance through PostgreSQL', async () => {
    const time = manualClock('2030-06-01T10:00:00Z');
    const config = testConfig({ OPENAI_DAILY_CALL_LIMIT: '3' });
    // Two processes: two gates, two engines, one database.
    const first = engineThrough(aiGateFor({ config, db: database.db, clock: time.clock, log }));
    const second = engineThrough(aiGateFor({ config, db: database.db, clock: time.clock, log }));

    await first.scoreBatch(fan, batch());
    await first.scoreBatch(fan, batch());
    expect(enginesOf(await second.scoreBatch(fan, batch()))).toEqual(['openai']);
    expect(enginesOf(await second.scoreBatch(fan, batch()))).toEqual(['builtin']);
    expect(enginesOf(await first.scoreBatch(fan, batch()))).toEqual(['builtin']);
    expect(fake.calls).toBe(3);
  });

  it('counts retries as calls: each one costs', async () => {
    const time = manualClock('2030-06-01T10:00:00Z');
    const budget = dailyCallBudget({ db: database.db, limit: 2, clock: time.clock, log });
    const engine = engineThrough(createAiGate({ clock: time.clock, log, budget }));
    fake.failNext(5, down());
    // Attempt and first retry fail; the second retry is refused by the budget.
    expect(enginesOf(await engine.scoreBatch(fan, batch()))).toEqual(['builtin']);
    expect(fake.calls).toBe(2);
  });

  it('descriptions fall back to the template text without calling the AI (limit 0)', async () => {
    const time = manualClock('2030-06-01T10:00:00Z');
    const config = testConfig({ OPENAI_DAILY_CALL_LIMIT: '0' });
    const writer = createOpenAiWriter({
      apiKey: 'sk-test',
      baseUrl: fake.baseUrl,
      model: 'modelo-de-prueba',
      timeoutMs: 5000,
      log,
      gate: aiGateFor({ config, db: database.db, clock: time.clock, log }),
    });
    const text = await writer.write(
      {
        id: 7,
        day: '2030-06-01',
        hour: '21:30',
        venue: 'Sala Mallorca',
        genre: 'Rock',
        price: '15.00',
        bandname: null,
        bands: ['Sa Fosca'],
      },
      'short',
      'es',
    );
    expect(text.length).toBeGreaterThan(10);
    expect(fake.calls).toBe(0);
  });
});
