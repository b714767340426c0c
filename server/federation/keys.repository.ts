// Each actor's key pairs as JWKs, one row per algorithm; the first instance to insert one wins.
import type { Database } from '../db/database.js';
import type { Json } from '../db/schema.js';

export interface KeyRow {
  algorithm: string;
  private_jwk: JsonWebKey;
  public_jwk: JsonWebKey;
}

export async function findKeyRows(db: Database, actor: string): Promise<KeyRow[]> {
  const rows = await db
    .selectFrom('federation_keys')
    .select(['algorithm', 'private_jwk', 'public_jwk'])
    .where('actor', '=', actor)
    .execute();
  return rows as unknown as KeyRow[];
}

export async function insertKeyRow(db: Database, actor: string, row: KeyRow) {
  await db
    .insertInto('federation_keys')
    .values({
      actor,
      algorithm: row.algorithm,
      private_jwk: row.private_jwk as unknown as Json,
      public_jwk: row.public_jwk as unknown as Json,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
