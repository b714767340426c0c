// With the job queue, as the app runs: a fan's signal queues their 'learned-tastes' job inside its
// own transaction, a burst of taps queues one (singletonKey = the fan), and a worker rescores the
// fan's upcoming concerts within seconds of the tap that made a lesson.
import { sql } from 'kysely';
import { createLogger } from '../server/lib/logger.js';
import { builtinEngine } from '../server/recommendations/builtin-engine.js';
import { Learner } from '../server/recommendations/learned-learner.js';
import { fixedClock } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { eventually } from './helpers/eventually.js';
import { createConcert } from './helpers/factories.js';
import { signedInAgent } from './helpers/session.js';
import { useJobsApps } from './fixtures/jobs-app.js';

const database = useTestDatabase({
  poolSize: 20,
  cleared: ['concerts', 'bands', 'users', 'rate_limits'],
});
const jobs = useJobsApps();
const clock = fixedClock('2026-11-21T10:00:00Z');

async function jobsOf(userId: string, state?: string) {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM pgboss.job
    WHERE name = 'learned-tastes' AND singleton_key = ${userId}
      AND (${state ?? null}::text IS NULL OR state::text = ${state ?? null})`.execute(database.db);
  return Number(rows[0]!.n);
}

const bluesConcerts = async () => [
  await createConcert(database.db, { day: '2026-12-01', genre: 'Blues' }),
  await createConcert(database.db, { day: '2026-12-02', genre: 'Blues' }),
  await createConcert(database.db, { day: '2026-12-03', genre: 'Blues' }),
];

describe('the learned-tastes job', () => {
  it('is queued once for a burst of taps, in the signal’s transaction', async () => {
    const app = await jobs.start({ database, clock, work: false });
    const fan = await signedInAgent(app.app, database.db, { top_genres: ['Jazz'] });
    const [a, b, c] = await bluesConcerts();
    await fan.agent.put(`/api/concerts/${a!.id}/feedback`).send({ feedback: -1 }).expect(200);
    await fan.agent.put(`/api/concerts/${b!.id}/feedback`).send({ feedback: -1 }).expect(200);
    await fan.agent.put(`/api/concerts/${c!.id}/like`).send({ liked: true }).expect(200);
    await fan.agent.put(`/api/concerts/${c!.id}/going`).send({ going: true }).expect(200);
    expect(await jobsOf(fan.userId)).toBe(1);

    // Rolled back with the signal: no job.
    const other = await signedInAgent(app.app, database.db, { top_genres: ['Jazz'] });
    const learner = new Learner({
      db: database.db,
      pool: database.pool,
      engine: builtinEngine,
      clock,
      log: createLogger('silent'),
      boss: app.boss,
    });
    await expect(
      database.db.transaction().execute(async (trx) => {
        await learner.signalled(trx, other.userId);
        throw new Error('el «me gusta» falla después');
      }),
    ).rejects.toThrow('falla después');
    expect(await jobsOf(other.userId)).toBe(0);
  });

  it('rescores the fan’s upcoming concerts within seconds of the tap that made a lesson', async () => {
    const app = await jobs.start({ database, clock });
    const fan = await signedInAgent(app.app, database.db, { top_genres: ['Jazz'] });
    const [a, b, c] = await bluesConcerts();
    await fan.agent.post('/api/recommendations/generate').expect(202);
    const scoreOf = async () =>
      (
        await database.db
          .selectFrom('user_concert_recommendations')
          .select(['score', 'learned'])
          .where('user_id', '=', fan.userId)
          .where('concert_id', '=', c!.id)
          .executeTakeFirst()
      )?.score;
    await eventually(async () => (await scoreOf()) === 'medium');
    await fan.agent.put(`/api/concerts/${a!.id}/feedback`).send({ feedback: -1 }).expect(200);
    await fan.agent.put(`/api/concerts/${b!.id}/feedback`).send({ feedback: -1 }).expect(200);
    const started = Date.now();
    await eventually(async () => (await scoreOf()) === 'low');
    expect(Date.now() - started).toBeLessThan(10_000);
    // The agenda reads the new score (its kept answer was forgotten by the rows' notice).
    const agenda = await fan.agent.get('/api/concerts').expect(200);
    const shown = (
      agenda.body.concerts as { id: number; recommendation: { score: string } }[]
    ).find((concert) => concert.id === c!.id);
    expect(shown?.recommendation.score).toBe('low');
  });
});
