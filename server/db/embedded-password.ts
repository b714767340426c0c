// The embedded server's superuser password: random, made at first start, kept in DATA_DIR (0600).
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../lib/logger.js';
import { StartupError } from '../lib/startup-error.js';
import { SUPERUSER } from './embedded-cluster.js';
import { isInvalidPassword } from './pg-errors.js';

/** What every data directory made before the random password used: rotated away at start. */
const LEGACY_PASSWORD = 'embedded';

function passwordFilePath(dataDir: string): string {
  return path.join(dataDir, 'postgres-password');
}

export function readPassword(dataDir: string): string | undefined {
  const file = passwordFilePath(dataDir);
  if (!existsSync(file)) return undefined;
  // Someone may have copied it with a looser mode: it is a password.
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim() || undefined;
}

export function createPassword(dataDir: string): string {
  const password = randomBytes(24).toString('base64url');
  writeFileSync(passwordFilePath(dataDir), `${password}\n`, { mode: 0o600 });
  chmodSync(passwordFilePath(dataDir), 0o600);
  return password;
}

export function adminUrl(port: number, password: string, database = 'postgres'): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function canSignIn(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl(port, password) });
  try {
    await client.connect();
    return true;
  } catch (error) {
    // A wrong password only says this one is not it; anything else is a real problem.
    if (isInvalidPassword(error)) return false;
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The password that signs in now. A data directory from before (constant 'embedded', no file) is
 * switched to a random one with ALTER ROLE; the file is written first, so a crash in between only
 * means the same switch happens again at the next start.
 */
export async function settlePassword(dataDir: string, port: number, log: Logger): Promise<string> {
  const kept = readPassword(dataDir);
  if (kept !== undefined && (await canSignIn(port, kept))) return kept;
  if (await canSignIn(port, LEGACY_PASSWORD)) {
    const password = kept ?? createPassword(dataDir);
    const client = new pg.Client({ connectionString: adminUrl(port, LEGACY_PASSWORD) });
    await client.connect();
    try {
      await client.query(`ALTER ROLE ${SUPERUSER} PASSWORD ${client.escapeLiteral(password)}`);
    } finally {
      await client.end();
    }
    log.info(
      { file: passwordFilePath(dataDir) },
      'La contraseña fija del PostgreSQL embebido se ha cambiado por una aleatoria.',
    );
    return password;
  }
  throw new StartupError(
    `La contraseña de ${passwordFilePath(dataDir)} no abre el PostgreSQL embebido de este DATA_DIR: recupera ese fichero, usa otro DATA_DIR o define DATABASE_URL.`,
  );
}
