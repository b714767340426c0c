import { sql } from 'kysely';
import { useTestDatabase } from './helpers/db.js';
import { createBand, createConcert, createUser } from './helpers/factories.js';

const database = useTestDatabase();

async function expectRejected(work: Promise<unknown>, constraint: RegExp) {
  await expect(work).rejects.toThrow(constraint);
}

describe('schema constraints', () => {
  it('user emails are unique whatever their case', async () => {
    await createUser(database.db, { email: 'Ana@Example.com' });
    await expectRejected(
      createUser(database.db, { email: 'ana@example.com' }),
      /users_email_lower_key/,
    );
  });

  it('band names are unique whatever their case', async () => {
    await createBand(database.db, { band_name: 'Sa Fosca' });
    await expectRejected(
      createBand(database.db, { band_name: 'SA FOSCA' }),
      /bands_band_name_lower_key/,
    );
  });

  it('rejects a negative price or like count', async () => {
    await expectRejected(createConcert(database.db, { price: '-1' }), /concerts_price_check/);
    const concert = await createConcert(database.db);
    await expectRejected(
      database.db
        .updateTable('concerts')
        .set({ like_count: -1 })
        .where('id', '=', concert.id)
        .execute(),
      /concerts_like_count_check/,
    );
  });

  it('recommendations: score and feedback values are checked, one row per user and concert', async () => {
    const user = await createUser(database.db);
    const concert = await createConcert(database.db);
    const recommend = (values: { score?: string; recommendation_feedback?: number }) =>
      database.db
        .insertInto('user_concert_recommendations')
        .values({ user_id: user.user_id, concert_id: concert.id, ...values })
        .execute();
    await expectRejected(recommend({ score: 'great' }), /score_check/);
    await expectRejected(
      recommend({ recommendation_feedback: 2 }),
      /recommendation_feedback_check/,
    );
    await recommend({ score: 'high' });
    await expectRejected(recommend({ score: 'low' }), /user_concert_recommendations_pkey/);
  });

  it('deleting a user deletes their recommendations, sessions and mails; their concerts stay', async () => {
    const user = await createUser(database.db);
    const concert = await createConcert(database.db);
    await database.db
      .updateTable('concerts')
      .set({ user_id: user.user_id })
      .where('id', '=', concert.id)
      .execute();
    await database.db
      .insertInto('user_concert_recommendations')
      .values({
        user_id: user.user_id,
        concert_id: concert.id,
        score: 'high',
        reason: 'Te encanta el rock',
      })
      .execute();
    await database.db
      .insertInto('sessions')
      .values({
        sid: 'sid-1',
        sess: JSON.stringify({ passport: { user: user.user_id } }),
        expire: new Date(Date.now() + 60_000),
      })
      .execute();
    await database.db
      .insertInto('mail_deliveries')
      .values({ user_id: user.user_id, kind: 'welcome', to_email: user.email })
      .execute();

    await database.db.deleteFrom('users').where('user_id', '=', user.user_id).execute();

    const count = async (table: 'user_concert_recommendations' | 'mail_deliveries' | 'sessions') =>
      (
        await database.db
          .selectFrom(table)
          .select(sql<number>`count(*)::int`.as('n'))
          .where('user_id', '=', user.user_id)
          .executeTakeFirstOrThrow()
      ).n;
    expect(await count('user_concert_recommendations')).toBe(0);
    expect(await count('mail_deliveries')).toBe(0);
    expect(await count('sessions')).toBe(0);
    const survivor = await database.db
      .selectFrom('concerts')
      .select('user_id')
      .where('id', '=', concert.id)
      .executeTakeFirstOrThrow();
    expect(survivor.user_id).toBeNull();
  });

  it('one real weekly campaign per ISO week, test sends unlimited', async () => {
    const campaign = (mode: 'real' | 'prueba') =>
      database.db
        .insertInto('mail_campaigns')
        .values({ kind: 'weekly', iso_week: '2026-W47', mode })
        .execute();
    await campaign('real');
    await expectRejected(campaign('real'), /mail_campaigns_real_week_key/);
    await campaign('prueba');
    await campaign('prueba');
  });
});
