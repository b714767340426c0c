// A crowd must not exhaust the pool. 100 fans sign up and finish onboarding in the same
// second on one instance (pool of DATABASE_POOL_SIZE's default, 10) with the OpenAI engine against
// a fake server answering each call after 500 ms (batches of 3, 8 calls in flight: the defaults).
// Measured: the time until every concert of every fan is scored, against the least time the AI
// concurrency allows (calls needed / concurrency × 0.5 s), and meanwhile the latency of other
// requests (signed-in fans reading GET /api/concerts, /healthz, /readyz).
// Sign-up runs with NODE_ENV=test's bcrypt cost 4: 100 hashes at cost 12 would measure bcrypt on
// the shared cores, not the pool.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { heldConnectionBound, heldConnectionSlots } from '../server/db/held-connections.js';
import { createConcert } from '../test/helpers/factories.js';
import { startFakeOpenAi } from '../test/helpers/fake-openai.js';
import { startBenchApp } from './lib/bench-app.js';
import { startBenchDatabase } from './lib/bench-database.js';
import { AI_CONCURRENCY, AI_DELAY_MS, fakeAiEngine } from './lib/fake-ai-engine.js';
import type { BenchResult } from './types.js';

const POOL_SIZE = 10;
const FANS = 100;
const OTHER_FANS = 10;
const CONCERTS = 12;
/** Clients reading the agenda and the probes while the crowd is scored, each in a closed loop. */
const READERS = 4;
const P99_BUDGET_MS = 200;
/** The bench gives up (and says so) rather than hang. */
const GIVE_UP_MS = 300_000;

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** Each fan from their own address: the sign-up limit counts per address. */
const addressOf = (i: number) => `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;

async function signUp(base: string, i: number, prefix: string): Promise<{ cookie: string }> {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': addressOf(i) };
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: `${prefix}-${i}@bench.local`, password: 'bench-password-123' }),
  });
  if (registered.status !== 201) throw new Error(`registro ${registered.status}`);
  const cookie = registered.headers.get('set-cookie')!.split(';')[0]!;
  const onboarded = await fetch(`${base}/api/profile/onboarding`, {
    method: 'PUT',
    headers: { ...headers, cookie },
    body: JSON.stringify({
      topGenres: ['Rock'],
      dislikedGenres: ['Pop'],
      topArtists: [`Artista ${prefix} ${i}`],
    }),
  });
  if (onboarded.status !== 200) throw new Error(`onboarding ${onboarded.status}`);
  return { cookie };
}

export async function run(): Promise<BenchResult[]> {
  const database = await startBenchDatabase(POOL_SIZE);
  const fake = await startFakeOpenAi();
  // The bench's own connection, outside the app's pool, to watch the scores fill in.
  const watcher = new pg.Client({ connectionString: database.url });
  await watcher.connect();
  try {
    for (let i = 0; i < CONCERTS; i += 1) {
      await createConcert(database.db, {
        day: `2030-01-${String(1 + i).padStart(2, '0')}`,
        genre: ['Rock', 'Jazz', 'Pop'][i % 3],
      });
    }
    fake.setDelay(AI_DELAY_MS);
    const app = await startBenchApp(database, undefined, {
      engine: fakeAiEngine(fake),
      env: { NODE_ENV: 'test', TRUST_PROXY: '1', DATABASE_POOL_SIZE: String(POOL_SIZE) },
    });
    const { base } = app;

    const unscored = async (prefix: string) => {
      const { rows } = await watcher.query<{ missing: string }>(
        `SELECT count(*) AS missing FROM users u CROSS JOIN concerts c
         LEFT JOIN user_concert_recommendations r
           ON r.user_id = u.user_id AND r.concert_id = c.id AND r.score IS NOT NULL
         WHERE u.email LIKE $1 AND r.user_id IS NULL`,
        [`${prefix}-%`],
      );
      return Number(rows[0]!.missing);
    };
    const waitScored = async (prefix: string) => {
      const started = performance.now();
      while ((await unscored(prefix)) > 0) {
        if (performance.now() - started > GIVE_UP_MS) throw new Error('sin terminar tras 300 s');
        await sleep(50);
      }
    };

    try {
      // The other fans, signed in and scored before the crowd comes (untimed).
      const others = await Promise.all(
        Array.from({ length: OTHER_FANS }, (_, i) => signUp(base, FANS + i, 'otro')),
      );
      await waitScored('otro');
      fake.reset();
      fake.setDelay(AI_DELAY_MS);

      const latencies = {
        concerts: [] as number[],
        healthz: [] as number[],
        readyz: [] as number[],
      };
      let failures = 0;
      let done = false;
      const timed = async (kind: keyof typeof latencies, url: string, cookie?: string) => {
        const start = performance.now();
        const res = await fetch(url, { headers: cookie ? { cookie } : {} });
        await res.arrayBuffer();
        latencies[kind].push(performance.now() - start);
        if (res.status !== 200) failures += 1;
      };
      const readers = Array.from({ length: READERS }, async (_, r) => {
        for (let n = 0; !done; n += 1) {
          const other = others[(r + n) % others.length]!;
          await timed('concerts', `${base}/api/concerts`, other.cookie);
          await timed('healthz', `${base}/healthz`);
          if (n % 4 === r) await timed('readyz', `${base}/readyz`);
          await sleep(10);
        }
      });

      const t0 = performance.now();
      let signedUpMs = 0;
      let signUpErrors = 0;
      await Promise.all(
        Array.from({ length: FANS }, (_, i) =>
          signUp(base, i, 'multitud').catch(() => (signUpErrors += 1)),
        ),
      ).then(() => (signedUpMs = performance.now() - t0));
      await waitScored('multitud');
      const scoredMs = performance.now() - t0;
      done = true;
      await Promise.all(readers);

      const calls = fake.calls;
      const boundMs = (calls / AI_CONCURRENCY) * AI_DELAY_MS;
      const p99 = (values: number[]) => round(percentile(values, 99));
      const worstP99 = Math.max(p99(latencies.concerts), p99(latencies.healthz));
      return [
        {
          name: `crowd: ${FANS} fans sign up + onboard at once, all answered (pool ${POOL_SIZE})`,
          value: round(signedUpMs),
          unit: 'ms',
        },
        { name: 'crowd: sign-ups that failed', value: signUpErrors, unit: 'count' },
        {
          name: `crowd: every fan's ${CONCERTS} concerts scored (openai fake, ${AI_DELAY_MS} ms/call)`,
          value: round(scoredMs / 1000, 2),
          unit: 's',
        },
        {
          name: `crowd: least time the AI allows (${calls} calls / ${AI_CONCURRENCY} × ${AI_DELAY_MS / 1000} s)`,
          value: round(boundMs / 1000, 2),
          unit: 's',
        },
        {
          name: 'crowd: time scored / least time',
          value: round(scoredMs / boundMs, 2),
          unit: 'x',
        },
        { name: 'crowd: AI calls in flight at most', value: fake.maxInFlight, unit: 'count' },
        {
          name: `crowd: runs holding a connection at most (bound ${heldConnectionBound(POOL_SIZE)})`,
          value: heldConnectionSlots(database.pool).peak,
          unit: 'count',
        },
        {
          name: `crowd: other fans' GET /api/concerts p99 (${latencies.concerts.length} requests)`,
          value: p99(latencies.concerts),
          unit: 'ms',
        },
        {
          name: `crowd: GET /healthz p99 (${latencies.healthz.length} requests)`,
          value: p99(latencies.healthz),
          unit: 'ms',
        },
        {
          name: 'crowd: worst of those two p99',
          value: worstP99,
          unit: 'ms',
          budget: `<= ${P99_BUDGET_MS}`,
          ok: worstP99 <= P99_BUDGET_MS,
        },
        {
          name: `crowd: GET /readyz p99 (${latencies.readyz.length} requests)`,
          value: p99(latencies.readyz),
          unit: 'ms',
        },
        { name: 'crowd: other requests not answered 200', value: failures, unit: 'count' },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await watcher.end();
    await fake.close();
    await database.dispose();
  }
}
