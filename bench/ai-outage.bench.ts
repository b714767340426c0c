// The AI down: how long a new fan waits for 60 concerts when the AI server is unreachable (nothing
// listens on its port) or answers 500 to everything. The engine is built as server/index.ts builds
// it, fresh for each case (a new process), so the first calls do reach the dead server.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Database } from '../server/db/database.js';
import { createLogger } from '../server/lib/logger.js';
import { systemClock } from '../server/lib/time.js';
import { generateForUser } from '../server/recommendations/generator.js';
import { fakeAiEngine } from './lib/fake-ai-engine.js';
import { startFakeOpenAi, type FakeOpenAi } from '../test/helpers/fake-openai.js';
import { startBenchDatabase } from './lib/bench-database.js';
import { insertFansAndConcerts } from './lib/fans-without-recommendations.js';
import type { BenchResult } from './types.js';

const CONCERTS = 60;
const BUDGET_MS = 2000;
const log = createLogger('silent');

async function insertNewFan(db: Database, email: string): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({
      email,
      top_genres: ['Rock', 'Indie', 'Jazz'],
      disliked_genres: ['Reggaetón'],
      top_artists: ['Bench Band 00001'],
      onboarding_completed: true,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  return row.user_id;
}

async function engineRows(db: Database, userId: string) {
  const { rows } = await sql<{ engine: string; n: number }>`
    SELECT engine, count(*)::int AS n FROM user_concert_recommendations
    WHERE user_id = ${userId} AND score IS NOT NULL GROUP BY engine`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.engine, row.n]));
}

export async function run(): Promise<BenchResult[]> {
  const database = await startBenchDatabase(12);
  const failing = await startFakeOpenAi();
  const dead = await startFakeOpenAi();
  await dead.close();
  const results: BenchResult[] = [];
  try {
    const { db, pool } = database;
    await insertFansAndConcerts(db, { users: 1, concerts: CONCERTS, seed: 'ai-outage' });
    failing.setResponder(() => ({ status: 500, content: 'Internal error' }));

    const cases: [string, FakeOpenAi][] = [
      ['nothing listens on its port', dead],
      ['the server answers 500', failing],
    ];
    for (const [label, server] of cases) {
      const engine = fakeAiEngine(server);
      const fan = await insertNewFan(db, `ai-down-${results.length}@bench.local`);
      const calls = server.calls;
      const start = performance.now();
      await generateForUser({ db, pool, engine, clock: systemClock, log }, fan);
      const ms = performance.now() - start;
      const rows = await engineRows(db, fan);
      if (rows.builtin !== CONCERTS)
        throw new Error(`expected ${CONCERTS} built-in rows: ${JSON.stringify(rows)}`);
      results.push({
        name: `AI down (${label}): ${CONCERTS} concerts scored for a new fan (${server.calls - calls} calls reached the server)`,
        value: Math.round(ms),
        unit: 'ms',
        budget: `<= ${BUDGET_MS}`,
        ok: ms <= BUDGET_MS,
      });
    }
  } finally {
    await failing.close();
    await database.dispose();
  }
  return results;
}
