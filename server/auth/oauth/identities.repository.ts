// SQL for sign-in through Google and Spotify: identities and the Spotify columns of users.
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

export type OAuthProvider = 'google' | 'spotify';

export async function findIdentityUserId(
  db: Database,
  provider: OAuthProvider,
  providerUserId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_identities')
    .select('user_id')
    .where('provider', '=', provider)
    .where('provider_user_id', '=', providerUserId)
    .executeTakeFirst();
  return row?.user_id;
}

export async function insertIdentity(
  db: Database,
  identity: { provider: OAuthProvider; provider_user_id: string; user_id: string; email: string },
): Promise<void> {
  await db.insertInto('user_identities').values(identity).execute();
}

export async function findUserIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('user_id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.user_id;
}

export async function updateSpotifyDetails(
  db: Database,
  userId: string,
  details: {
    name: string | null;
    country: string | null;
    followers: number;
    profileImage: string | null;
    spotifyId: string;
  },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      // A name the fan set in their profile wins over Spotify's display name.
      name: sql<string | null>`coalesce(name, ${details.name})`,
      country: details.country,
      followers: details.followers,
      profile_image: details.profileImage,
      spotify_id: details.spotifyId,
      updated_at: sql`now()`,
    })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Changes a fan's artists and genres from their current values, row-locked so two sign-ins at once
 * do not lose each other's artists.
 */
export async function updateTaste(
  db: Database,
  userId: string,
  change: (current: { topArtists: string[]; topGenres: string[]; dislikedGenres: string[] }) => {
    topArtists: string[];
    topGenres: string[];
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('users')
      .select(['top_artists', 'top_genres', 'disliked_genres'])
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return;
    const next = change({
      topArtists: row.top_artists,
      topGenres: row.top_genres,
      dislikedGenres: row.disliked_genres,
    });
    await trx
      .updateTable('users')
      .set({ top_artists: next.topArtists, top_genres: next.topGenres, updated_at: sql`now()` })
      .where('user_id', '=', userId)
      .execute();
  });
}
