// Re-scoring a concert for every fan: fans are read in keyset pages and the scores are
// written over the old ones, so a run that dies half way leaves every fan with a score (the old
// one) and the next run finishes the work; with pg-boss the admin's edit queues a job instead of
// waiting for it.
import { sql } from 'kysely';
import {
  FANS_PER_PAGE,
  NO_RESCORE,
  queueRescore,
  scoreConcertsForEveryFan,
} from '../server/recommendations/concert-rescore.js';
import { systemClock } from '../server/lib/time.js';
import { ADMIN_EDIT_TABLES, rowsOf, useTestDatabase } from './helpers/db.js';
import { eventually } from './helpers/eventually.js';
import { createConcert, createUser, createVenue } from './helpers/factories.js';
import { signedInAgent } from './helpers/session.js';
import { createJobsApp, type JobsApp } from './fixtures/jobs-app.js';

const database = useTestDatabase({ cleared: [...ADMIN_EDIT_TABLES] });
const deps = () => ({ db: database.db, pool: database.pool, clock: systemClock });

/** `count` onboarded fans who like Jazz, in one statement (more than a page of fans). */
async function manyJazzFans(count: number) {
  await sql`
    INSERT INTO users (email, name, top_genres, onboarding_completed)
    SELECT 'bulk-' || i || '@example.com', 'Fan', ARRAY['Jazz'], true
    FROM generate_series(1, ${count}) AS i`.execute(database.db);
}

const scoresOf = (concertId: number) =>
  rowsOf(database.db, 'user_concert_recommendations', { concert_id: concertId });

describe('scoreConcertsForEveryFan', () => {
  it('scores every onboarded fan across pages, and again over the old scores', async () => {
    await manyJazzFans(FANS_PER_PAGE + 150);
    await createUser(database.db, { onboarding_completed: false });
    const concert = await createConcert(database.db, { day: '2030-09-01', genre: 'Jazz' });

    const first = await scoreConcertsForEveryFan(deps(), [concert.id]);
    expect(first).toEqual({ fans: FANS_PER_PAGE + 150, rows: FANS_PER_PAGE + 150 });
    const scored = await scoresOf(concert.id);
    expect(scored).toHaveLength(FANS_PER_PAGE + 150);
    expect(new Set(scored.map((row) => row.score))).toEqual(new Set(['high']));

    // A change of genre: every row written over, none removed first, likes kept.
    await database.db
      .updateTable('user_concert_recommendations')
      .set({ liked: true })
      .where('concert_id', '=', concert.id)
      .execute();
    await database.db
      .updateTable('concerts')
      .set({ genre: 'Reggaetón' })
      .where('id', '=', concert.id)
      .execute();
    await scoreConcertsForEveryFan(deps(), [concert.id]);
    const again = await scoresOf(concert.id);
    expect(again).toHaveLength(FANS_PER_PAGE + 150);
    expect(again.every((row) => row.score !== 'high' && row.score !== null && row.liked)).toBe(
      true,
    );
  });

  it('a run that dies half way leaves every fan a score; the next run finishes', async () => {
    await manyJazzFans(FANS_PER_PAGE + 150);
    const concert = await createConcert(database.db, { day: '2030-09-01', genre: 'Jazz' });
    await scoreConcertsForEveryFan(deps(), [concert.id]);
    await database.db
      .updateTable('concerts')
      .set({ genre: 'Rock' })
      .where('id', '=', concert.id)
      .execute();

    // The second page's write fails, as a crash there would stop it.
    const { user_id: lastFan } = await database.db
      .selectFrom('users')
      .select('user_id')
      .where('onboarding_completed', '=', true)
      .orderBy('user_id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await sql`
      CREATE FUNCTION fail_for_last_fan() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.user_id = ${sql.lit(lastFan)}::uuid AND NEW.score IS NOT NULL THEN RAISE EXCEPTION 'caída simulada'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER fail_for_last_fan BEFORE UPDATE ON user_concert_recommendations
        FOR EACH ROW EXECUTE FUNCTION fail_for_last_fan();`.execute(database.db);
    await expect(scoreConcertsForEveryFan(deps(), [concert.id])).rejects.toThrow('caída simulada');
    await sql`DROP TRIGGER fail_for_last_fan ON user_concert_recommendations;
              DROP FUNCTION fail_for_last_fan();`.execute(database.db);

    const halfway = await scoresOf(concert.id);
    expect(halfway).toHaveLength(FANS_PER_PAGE + 150);
    expect(halfway.filter((row) => row.score === null)).toEqual([]);
    // The first page has the new scores, the failed page still the old ones.
    expect(halfway.filter((row) => row.score === 'high')).toHaveLength(150);

    await scoreConcertsForEveryFan(deps(), [concert.id]);
    expect((await scoresOf(concert.id)).filter((row) => row.score === 'high')).toEqual([]);
  });

  it('runs over overlapping concerts at once both finish (locks taken in order)', async () => {
    await createUser(database.db, { top_genres: ['Jazz'] });
    const a = await createConcert(database.db, { day: '2030-09-01', genre: 'Jazz' });
    const b = await createConcert(database.db, { day: '2030-09-02', genre: 'Rock' });
    const results = await Promise.all([
      scoreConcertsForEveryFan(deps(), [a.id, b.id]),
      scoreConcertsForEveryFan(deps(), [b.id, a.id]),
    ]);
    expect(results).toEqual([
      { fans: 1, rows: 2 },
      { fans: 1, rows: 2 },
    ]);
  });
});

describe('with the job queue', () => {
  let jobs: JobsApp;
  beforeAll(async () => {
    jobs = await createJobsApp({ database });
  });
  afterAll(async () => {
    await jobs.stop();
  });

  it("a new concert and a change of genre are scored for every fan by a job, not the admin's request", async () => {
    const jazz = await createUser(database.db, { top_genres: ['Jazz'] });
    const rock = await createUser(database.db, { top_genres: ['Rock'] });
    const venue = await createVenue(database.db);
    const { agent } = await signedInAgent(jobs.app, database.db, { is_admin: true });
    const res = await agent
      .post('/api/admin/concerts')
      .send({ day: '2030-07-01', hour: '21:00', genre: 'Jazz', price: '5', venueId: venue.id })
      .expect(201);
    const concertId = res.body.id as number;
    const scoreOf = async (userId: string) =>
      (
        await database.db
          .selectFrom('user_concert_recommendations')
          .select('score')
          .where('concert_id', '=', concertId)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.score;
    await eventually(async () => (await scoreOf(jazz.user_id)) === 'high');
    expect(await scoreOf(rock.user_id)).not.toBe('high');
    const queued = await sql<{ n: string }>`
      SELECT count(*) AS n FROM pgboss.job WHERE name = 'concert-rescore'`.execute(database.db);
    expect(Number(queued.rows[0]!.n)).toBe(1);

    await agent.patch(`/api/admin/concerts/${concertId}`).send({ genre: 'Rock' }).expect(200);
    await eventually(async () => (await scoreOf(rock.user_id)) === 'high');
    expect(await scoreOf(jazz.user_id)).not.toBe('high');
  });
  it("the job is queued in the edit's transaction: gone if it rolls back, kept by its commit even if nothing runs after", async () => {
    const jazz = await createUser(database.db, { top_genres: ['Jazz'] });
    const venue = await createVenue(database.db);
    const concert = await createConcert(database.db, {
      venue_id: venue.id,
      genre: 'Jazz',
      day: '2030-07-02',
    });
    const rescoreDeps = {
      ...deps(),
      runner: { engineName: 'builtin' as const, kick: async () => {} },
      boss: jobs.boss,
    };
    const jobsFor = async () => {
      const { rows } = await sql<{ n: string }>`
        SELECT count(*) AS n FROM pgboss.job
        WHERE name = 'concert-rescore' AND data->'concertIds' @> ${JSON.stringify([concert.id])}::jsonb
      `.execute(database.db);
      return Number(rows[0]!.n);
    };

    await expect(
      database.db.transaction().execute(async (trx) => {
        await queueRescore(rescoreDeps, trx, [concert.id]);
        throw new Error('la edición falla después');
      }),
    ).rejects.toThrow('la edición falla después');
    expect(await jobsFor()).toBe(0);

    // Committed, then nothing (as if the process died right after the commit): the job is there
    // and a worker scores the concert.
    const left = await database.db
      .transaction()
      .execute((trx) => queueRescore(rescoreDeps, trx, [concert.id]));
    expect(left).toEqual(NO_RESCORE);
    expect(await jobsFor()).toBe(1);
    await eventually(async () => {
      const row = await database.db
        .selectFrom('user_concert_recommendations')
        .select('score')
        .where('concert_id', '=', concert.id)
        .where('user_id', '=', jazz.user_id)
        .executeTakeFirst();
      return row?.score === 'high';
    });
  });
});
