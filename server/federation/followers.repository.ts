// Who follows our actors, and where their servers take deliveries.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

export interface FollowerRow {
  follower: string;
  inbox: string;
  shared_inbox: string | null;
}

export async function addFollower(
  db: Database,
  row: FollowerRow & { actor: string; follow_id: string | null },
): Promise<void> {
  await db
    .insertInto('federation_followers')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['actor', 'follower']).doUpdateSet({
        inbox: row.inbox,
        shared_inbox: row.shared_inbox,
        follow_id: row.follow_id,
      }),
    )
    .execute();
}

export async function removeFollower(db: Database, actor: string, follower: string) {
  await db
    .deleteFrom('federation_followers')
    .where('actor', '=', actor)
    .where('follower', '=', follower)
    .execute();
}

/** A remote account deleted: it follows nothing of ours any more. */
export async function removeFollowerEverywhere(db: Database, follower: string) {
  await db.deleteFrom('federation_followers').where('follower', '=', follower).execute();
}

/** The followers of any of these actors, each once. */
export async function findFollowersOf(db: Database, actors: string[]): Promise<FollowerRow[]> {
  if (actors.length === 0) return [];
  return db
    .selectFrom('federation_followers')
    .select(['follower', 'inbox', 'shared_inbox'])
    .distinctOn('follower')
    .where('actor', 'in', actors)
    .orderBy('follower')
    .execute();
}

/** One page of an actor's followers, in the order they followed, and the next page's cursor. */
export async function findFollowerPage(
  db: Database,
  actor: string,
  after: string | null,
  limit: number,
): Promise<{ rows: FollowerRow[]; next: string | null }> {
  const rows = await db
    .selectFrom('federation_followers')
    .select(['follower', 'inbox', 'shared_inbox'])
    .where('actor', '=', actor)
    .$if(after !== null, (qb) => qb.where('follower', '>', after!))
    .orderBy('follower')
    .limit(limit + 1)
    .execute();
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { rows: page, next: more ? page[page.length - 1]!.follower : null };
}

export async function countFollowers(db: Database, actor: string): Promise<number> {
  const row = await db
    .selectFrom('federation_followers')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('actor', '=', actor)
    .executeTakeFirstOrThrow();
  return row.count;
}
