// Each actor's key pairs (RSA for HTTP signatures, Ed25519 for object proofs), made the first time
// they are needed and kept in PostgreSQL: every instance signs with the same keys.
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { Database } from '../db/database.js';
import type { Json } from '../db/schema.js';

const ALGORITHMS = ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const;

async function readPairs(db: Database, actor: string): Promise<CryptoKeyPair[]> {
  const rows = await db
    .selectFrom('federation_keys')
    .select(['algorithm', 'private_jwk', 'public_jwk'])
    .where('actor', '=', actor)
    .execute();
  const byAlgorithm = new Map(rows.map((row) => [row.algorithm, row]));
  const pairs: CryptoKeyPair[] = [];
  for (const algorithm of ALGORITHMS) {
    const row = byAlgorithm.get(algorithm);
    if (!row) continue;
    pairs.push({
      privateKey: await importJwk(row.private_jwk as JsonWebKey, 'private'),
      publicKey: await importJwk(row.public_jwk as JsonWebKey, 'public'),
    });
  }
  return pairs;
}

/** The actor's pairs, RSA first; made now when missing (the first instance to insert wins). */
export async function keyPairsOf(db: Database, actor: string): Promise<CryptoKeyPair[]> {
  const pairs = await readPairs(db, actor);
  if (pairs.length === ALGORITHMS.length) return pairs;
  for (const algorithm of ALGORITHMS) {
    const pair = await generateCryptoKeyPair(algorithm);
    await db
      .insertInto('federation_keys')
      .values({
        actor,
        algorithm,
        private_jwk: (await exportJwk(pair.privateKey)) as unknown as Json,
        public_jwk: (await exportJwk(pair.publicKey)) as unknown as Json,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return readPairs(db, actor);
}
