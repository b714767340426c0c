// The app's text handling (accent-insensitive search, lower() on names) needs a UTF-8 database.
import { sql } from 'kysely';
import type { Logger } from '../lib/logger.js';
import { StartupError } from '../lib/startup-error.js';
import type { Database } from './database.js';

/** Refuses a database that is not UTF-8; warns when its locale lower-cases only ASCII letters. */
export async function checkDatabaseEncoding(db: Database, log: Logger): Promise<void> {
  const { rows } = await sql<{ name: string; encoding: string }>`
    SELECT current_database() AS name, pg_encoding_to_char(encoding) AS encoding
    FROM pg_database WHERE datname = current_database()
  `.execute(db);
  const { name, encoding } = rows[0]!;
  if (encoding !== 'UTF8') {
    throw new StartupError(
      `La base de datos "${name}" de DATABASE_URL usa la codificación ${encoding} y la aplicación necesita UTF8: créala con CREATE DATABASE ... ENCODING 'UTF8' TEMPLATE template0 (p. ej. LOCALE 'C.UTF-8'), o deja DATABASE_URL vacía para usar la base embebida.`,
    );
  }
  const lower = await sql<{ unicode: boolean }>`SELECT lower('ÇÁ') = 'çá' AS unicode`.execute(db);
  if (!lower.rows[0]?.unicode) {
    log.warn(
      { database: name },
      'La base de datos es UTF8 pero con un locale (p. ej. C) cuyo lower() solo cambia letras ASCII: la búsqueda sin acentos no encontrará "Ç" ni "Á" escritas en mayúscula.',
    );
  }
}
