// Each actor's key pairs (RSA for HTTP signatures, Ed25519 for object proofs), made the first time
// they are needed and kept in PostgreSQL: every instance signs with the same keys.
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { Database } from '../db/database.js';
import { findKeyRows, insertKeyRow } from './keys.repository.js';

const ALGORITHMS = ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const;

async function readPairs(db: Database, actor: string): Promise<CryptoKeyPair[]> {
  const byAlgorithm = new Map((await findKeyRows(db, actor)).map((row) => [row.algorithm, row]));
  const pairs: CryptoKeyPair[] = [];
  for (const algorithm of ALGORITHMS) {
    const row = byAlgorithm.get(algorithm);
    if (!row) continue;
    pairs.push({
      privateKey: await importJwk(row.private_jwk, 'private'),
      publicKey: await importJwk(row.public_jwk, 'public'),
    });
  }
  return pairs;
}

/** The actor's pairs, RSA first; made now when missing. */
export async function keyPairsOf(db: Database, actor: string): Promise<CryptoKeyPair[]> {
  const pairs = await readPairs(db, actor);
  if (pairs.length === ALGORITHMS.length) return pairs;
  for (const algorithm of ALGORITHMS) {
    const pair = await generateCryptoKeyPair(algorithm);
    await insertKeyRow(db, actor, {
      algorithm,
      private_jwk: await exportJwk(pair.privateKey),
      public_jwk: await exportJwk(pair.publicKey),
    });
  }
  return readPairs(db, actor);
}
