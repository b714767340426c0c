// generateForGroup: the built-in engine's pass over many fans at once (the "all users" job).
import { sql } from 'kysely';
import { ChangeFeed } from '../server/cache/change-feed.js';
import { builtinEngine, scoreConcert } from '../server/recommendations/builtin-engine.js';
import { generateForGroup } from '../server/recommendations/bulk-generator.js';
import type { RecommendationEngine } from '../server/recommendations/engine.js';
import { tryLockFans, unlockFans } from '../server/recommendations/fan-lock.repository.js';
import { generateForUser, type GeneratorDeps } from '../server/recommendations/generator.js';
import { createLogger } from '../server/lib/logger.js';
import { fixedClock } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { eventually } from './helpers/eventually.js';
import { createBand, createConcert, createUser } from './helpers/factories.js';

const database = useTestDatabase({ poolSize: 10, cleared: ['concerts', 'bands', 'users'] });

const deps = (engine: RecommendationEngine = builtinEngine): GeneratorDeps => ({
  db: database.db,
  pool: database.pool,
  engine,
  clock: fixedClock('2026-11-21T10:00:00Z'),
  log: createLogger('silent'),
});

const rowsOf = (userId: string) =>
  database.db
    .selectFrom('user_concert_recommendations')
    .select(['concert_id', 'score', 'reason', 'engine', 'liked', 'recommendation_feedback'])
    .where('user_id', '=', userId)
    .orderBy('concert_id')
    .execute();

async function concerts() {
  const band = await createBand(database.db, { band_name: 'Sa Fosca', band_genres: ['Rock'] });
  return {
    rock: await createConcert(database.db, { day: '2026-12-01', genre: 'Rock' }),
    jazz: await createConcert(database.db, { day: '2026-12-02', genre: 'Jazz' }),
    favourite: await createConcert(database.db, {
      day: '2026-12-03',
      genre: 'Pop',
      bandIds: [band.id],
    }),
    past: await createConcert(database.db, { day: '2026-11-20', genre: 'Rock' }),
  };
}

describe('generateForGroup', () => {
  it("scores every fan's future concerts exactly as the built-in rules do, in one pass", async () => {
    const { rock, jazz, favourite, past } = await concerts();
    const rockFan = await createUser(database.db, { top_genres: ['Rock'] });
    const jazzFan = await createUser(database.db, {
      top_genres: ['Jazz'],
      disliked_genres: ['Rock'],
      top_artists: ['sa fósca'],
    });

    const result = await generateForGroup(deps(), [rockFan.user_id, jazzFan.user_id]);
    expect(result).toEqual({ scored: 6, changed: [] });

    const rockRows = await rowsOf(rockFan.user_id);
    expect(rockRows.map((r) => [r.concert_id, r.score])).toEqual([
      [rock.id, 'high'],
      [jazz.id, 'low'],
      [favourite.id, 'high'], // its band plays Rock
    ]);
    // A favourite artist beats a disliked genre; the past concert is never scored.
    const jazzRows = await rowsOf(jazzFan.user_id);
    expect(jazzRows.map((r) => [r.concert_id, r.score])).toEqual([
      [rock.id, 'low'],
      [jazz.id, 'high'],
      [favourite.id, 'extreme'],
    ]);
    expect(jazzRows.some((r) => r.concert_id === past.id)).toBe(false);
    // The same reasons the per-fan path writes.
    const expected = scoreConcert(
      { topGenres: ['Jazz'], dislikedGenres: ['Rock'], topArtists: ['sa fósca'] },
      {
        id: jazz.id,
        day: '2026-12-02',
        hour: '21:00',
        genre: 'Jazz',
        name: null,
        description: null,
        bands: [],
      },
    );
    expect(jazzRows[1]!.reason).toBe(expected.reason);
    expect(jazzRows.every((r) => r.engine === 'builtin')).toBe(true);

    const flags = await database.db.selectFrom('users').select('needs_recommendation').execute();
    expect(flags.every((f) => f.needs_recommendation === false)).toBe(true);
  });

  // The "all users" pass must write what each fan's own run writes: same score, reason and engine
  // for every concert, whatever mix of genres, bands, free names and tastes.
  it('writes exactly what the per-fan path writes, for fans of every kind', async () => {
    const band = (band_name: string, band_genres: string[]) =>
      createBand(database.db, { band_name, band_genres });
    const fosca = await band('Sa Fosca', ['Rock', 'Blues']);
    const nina = await band('Niña Pastori', ['Flamenco']);
    const duo = await band('Dúo Techno', ['Techno', 'House']);
    const mallorca = await band('Mallorca Funk', ['Funk']);
    const specs: Parameters<typeof createConcert>[1][] = [
      { day: '2026-12-01', genre: 'Rock', bandIds: [fosca.id] },
      { day: '2026-12-01', hour: '22:00', genre: 'Flamenco', bandIds: [nina.id, fosca.id] },
      { day: '2026-12-02', genre: 'Jazz', bandname: 'Niña Pastori' },
      { day: '2026-12-03', genre: 'Techno', bandIds: [duo.id] },
      { day: '2026-12-04', genre: 'Salsa' },
      { day: '2026-12-05', genre: 'Pop', bandIds: [mallorca.id] },
      { day: '2026-12-06', genre: 'Reggaetón', bandIds: [duo.id, mallorca.id] },
      { day: '2026-12-07', genre: 'Folk' },
    ];
    for (const spec of specs) await createConcert(database.db, spec);
    const tastes = [
      { top_genres: ['Rock'] },
      { top_genres: ['Jazz', 'Indie'], disliked_genres: ['Techno'], top_artists: ['sa fosca'] },
      { top_genres: ['Reggae'], top_artists: ['NIÑA PASTORI', 'Nadie'] },
      { top_genres: ['Folk'], disliked_genres: ['Rock', 'Funk'], top_artists: ['Dúo Techno'] },
      { top_genres: [], disliked_genres: [], top_artists: [] },
      { top_genres: ['House', 'Hip-Hop', 'Blues'], disliked_genres: ['Salsa'] },
    ];
    const single: string[] = [];
    const grouped: string[] = [];
    for (const taste of tastes) {
      single.push((await createUser(database.db, taste)).user_id);
      grouped.push((await createUser(database.db, taste)).user_id);
    }
    for (const userId of single) expect(await generateForUser(deps(), userId)).toBe(true);
    expect(await generateForGroup(deps(), grouped)).toEqual({
      scored: tastes.length * specs.length,
      changed: [],
    });

    const written = async (userId: string) =>
      (await rowsOf(userId)).map(({ concert_id, score, reason, engine }) => ({
        concert_id,
        score,
        reason,
        engine,
      }));
    for (let i = 0; i < tastes.length; i += 1) {
      const mine = await written(single[i]!);
      expect(mine).toHaveLength(specs.length);
      expect(await written(grouped[i]!)).toEqual(mine);
    }
  });

  it('keeps likes and feedback, and leaves concerts already scored alone', async () => {
    const { rock, jazz } = await concerts();
    const fan = await createUser(database.db, { top_genres: ['Rock'] });
    await database.db
      .insertInto('user_concert_recommendations')
      .values([
        // Liked before it was scored.
        { user_id: fan.user_id, concert_id: rock.id, liked: true, recommendation_feedback: -1 },
        { user_id: fan.user_id, concert_id: jazz.id, score: 'extreme', reason: 'Ya puntuado.' },
      ])
      .execute();

    const result = await generateForGroup(deps(), [fan.user_id]);
    expect(result.scored).toBe(2); // rock and the favourite-band concert, not jazz

    const rows = await rowsOf(fan.user_id);
    expect(rows[0]).toMatchObject({ score: 'high', liked: true, recommendation_feedback: -1 });
    expect(rows[1]).toMatchObject({ score: 'extreme', reason: 'Ya puntuado.' });
  });

  it('skips a fan whose generation runs elsewhere (their lock is held) and scores the rest', async () => {
    await concerts();
    const busy = await createUser(database.db);
    const free = await createUser(database.db);
    // Held on another connection through the one definition of the key, as a run elsewhere would.
    await database.db.connection().execute(async (other) => {
      expect(await tryLockFans(other, [busy.user_id])).toEqual([busy.user_id]);
      try {
        await generateForGroup(deps(), [busy.user_id, free.user_id]);
        expect(await rowsOf(busy.user_id)).toHaveLength(0);
        expect(await rowsOf(free.user_id)).toHaveLength(3);
      } finally {
        await unlockFans(other, [busy.user_id]);
      }
    });
    // Every lock the pass took was released: the busy fan can be scored now.
    await generateForGroup(deps(), [busy.user_id]);
    expect(await rowsOf(busy.user_id)).toHaveLength(3);
  });

  it('and generateForUser exclude each other: a fan being scored by one is skipped by the other', async () => {
    await concerts();
    const fan = await createUser(database.db, { top_genres: ['Rock'] });
    /** An engine that stops inside its first batch until released. */
    const latched = () => {
      let release = () => undefined as void;
      let entered = () => undefined as void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const held = new Promise<void>((resolve) => (release = resolve));
      const engine: RecommendationEngine = {
        ...builtinEngine,
        async scoreBatch(taste, batch) {
          entered();
          await held;
          return builtinEngine.scoreBatch(taste, batch);
        },
      };
      return { engine, inside, release };
    };

    const single = latched();
    const run = generateForUser(deps(single.engine), fan.user_id);
    await single.inside;
    expect(await generateForGroup(deps(), [fan.user_id])).toEqual({ scored: 0, changed: [] });
    expect(await rowsOf(fan.user_id)).toHaveLength(0);
    single.release();
    expect(await run).toBe(true);
    expect(await rowsOf(fan.user_id)).toHaveLength(3);

    await database.db.deleteFrom('user_concert_recommendations').execute();
    const group = latched();
    const pass = generateForGroup(deps(group.engine), [fan.user_id]);
    await group.inside;
    expect(await generateForUser(deps(), fan.user_id)).toBe(false);
    expect(await rowsOf(fan.user_id)).toHaveLength(0);
    group.release();
    expect((await pass).scored).toBe(3);
  });

  it('writes nothing for a fan whose taste changed during the pass and reports them', async () => {
    await concerts();
    const changing = await createUser(database.db, { top_genres: ['Rock'] });
    const steady = await createUser(database.db, { top_genres: ['Rock'] });
    const engine: RecommendationEngine = {
      ...builtinEngine,
      async scoreBatch(taste, batch) {
        // The fan saves new genres while the pass is scoring.
        await sql`UPDATE users SET top_genres = '{Jazz}', updated_at = now() + interval '1 second'
                  WHERE user_id = ${changing.user_id}`.execute(database.db);
        return builtinEngine.scoreBatch(taste, batch);
      },
    };
    const result = await generateForGroup(deps(engine), [changing.user_id, steady.user_id]);
    expect(result.changed).toEqual([changing.user_id]);
    expect(await rowsOf(changing.user_id)).toHaveLength(0);
    expect(await rowsOf(steady.user_id)).toHaveLength(3);
    const flag = await database.db
      .selectFrom('users')
      .select('needs_recommendation')
      .where('user_id', '=', changing.user_id)
      .executeTakeFirstOrThrow();
    expect(flag.needs_recommendation).toBe(true);
  });

  it('tells every instance which agendas changed, whichever way the rows were written', async () => {
    await concerts();
    const fan = await createUser(database.db);
    const feed = new ChangeFeed(database.url, createLogger('silent'));
    const heard: string[] = [];
    feed.on('agenda', (key) => heard.push(key));
    await feed.start();
    try {
      await generateForGroup(deps(), [fan.user_id]);
      await eventually(() => expect(heard).toContain(fan.user_id));
    } finally {
      await feed.stop();
    }
  });

  // group-scores.repository.ts may write with the table's triggers off, doing their work itself:
  // a new trigger or foreign key there must be handled in that file too, then listed here.
  it('knows every trigger and foreign key of the recommendations table', async () => {
    const { rows: triggers } = await sql<{ name: string }>`
      SELECT tgname AS name FROM pg_trigger
      WHERE tgrelid = 'user_concert_recommendations'::regclass AND NOT tgisinternal
      ORDER BY tgname`.execute(database.db);
    expect(triggers.map((t) => t.name)).toEqual([
      'user_concert_recommendations_notify_delete',
      'user_concert_recommendations_notify_insert',
      'user_concert_recommendations_notify_truncate',
      'user_concert_recommendations_notify_update',
    ]);
    const { rows: keys } = await sql<{ definition: string }>`
      SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
      WHERE conrelid = 'user_concert_recommendations'::regclass AND contype = 'f'
      ORDER BY 1`.execute(database.db);
    expect(keys.map((k) => k.definition)).toEqual([
      'FOREIGN KEY (concert_id) REFERENCES concerts(id) ON DELETE CASCADE',
      'FOREIGN KEY (user_id) REFERENCES users(user_id) ON DELETE CASCADE',
    ]);
  });
});
