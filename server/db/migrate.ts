import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { migrations } from '../../migrations/index.js';

// A static list instead of a folder scan: works the same under tsx, jest and the bundled build.
const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error instanceof Error) throw error;
  if (error) throw new Error('La migración falló', { cause: error }); // Kysely types it unknown
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
