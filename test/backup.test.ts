// npm run db:backup / db:restore: a backup of a database with users, likes and an upload, restored
// into an empty database, gives every one of them back. The backup is taken from this test's own
// database (the embedded test server, or TEST_DATABASE_URL's server in CI: PostgreSQL 15 there, with
// pg_dump 15, so the pg_dump format is used; the embedded PostgreSQL 18 has no pg_dump, so the
// rows format is). The restore goes once into a fresh embedded database, as `npm run db:restore`
// does with no DATABASE_URL, and once into an empty database on the same server.
import { execFile, spawn } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import {
  createBackup,
  pruneBackups,
  restoreBackup,
  RestoreRefused,
} from '../server/backup/backup.js';
import { connectDatabase } from '../server/db/database.js';
import { EMBEDDED_DATABASE } from '../server/db/embedded.js';
import { createLogger } from '../server/lib/logger.js';
import { testConfig } from './helpers/app.js';
import { freePort } from './helpers/app-process.js';
import { useTestDatabase } from './helpers/db.js';
import { createConcert, createUser } from './helpers/factories.js';

jest.setTimeout(120_000);
const database = useTestDatabase();
const log = createLogger('silent');
const IMAGE = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 fake image bytes');

interface Snapshot {
  users: string[];
  likes: string[];
  sessions: number;
}

async function snapshot(url: string): Promise<Snapshot> {
  const handle = connectDatabase(url, 2);
  try {
    const users = await handle.db.selectFrom('users').select('email').orderBy('email').execute();
    const likes = await handle.db
      .selectFrom('user_concert_recommendations')
      .select(['user_id', 'concert_id'])
      .where('liked', '=', true)
      .orderBy('user_id')
      .orderBy('concert_id')
      .execute();
    const { rows } = await sql<{ count: string }>`select count(*) as count from sessions`.execute(
      handle.db,
    );
    return {
      users: users.map((u) => u.email),
      likes: likes.map((l) => `${l.user_id}:${l.concert_id}`),
      sessions: Number(rows[0]?.count ?? 0),
    };
  } finally {
    await handle.close();
  }
}

/** Users, likes (with their concerts), a session and an uploaded image in DATA_DIR. */
async function fill(dataDir: string) {
  const fans = await Promise.all(
    ['ana@example.com', 'bel@example.com', 'cati@example.com'].map((email) =>
      createUser(database.db, { email }),
    ),
  );
  const concert = await createConcert(database.db);
  const other = await createConcert(database.db);
  await database.db
    .insertInto('user_concert_recommendations')
    .values([
      { user_id: fans[0]!.user_id, concert_id: concert.id, liked: true },
      { user_id: fans[1]!.user_id, concert_id: concert.id, liked: true },
      { user_id: fans[1]!.user_id, concert_id: other.id, liked: true },
    ])
    .execute();
  await database.db
    .insertInto('sessions')
    .values({
      sid: 'restored-session',
      sess: JSON.stringify({ cookie: {}, passport: { user: fans[2]!.user_id } }),
      expire: new Date(Date.now() + 86_400_000),
    })
    .execute();
  mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
  writeFileSync(path.join(dataDir, 'uploads', 'foto.webp'), IMAGE);
}

const ROOT = path.resolve(__dirname, '..');

/** Runs a script of scripts/ as npm run would, with exactly `env`; resolves with its stdout. */
function run(script: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { cwd: ROOT, env },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${stderr}${stdout}`)) : resolve(stdout),
    );
  });
}

async function emptyDatabaseOnTestServer(): Promise<string> {
  const admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
  await admin.connect();
  const name = `restore_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8'`);
  await admin.end();
  const url = new URL(process.env.TEST_PG_ADMIN_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('backup and restore', () => {
  let backupFile: string;
  let before: Snapshot;
  let sourceDataDir: string;

  beforeAll(async () => {
    const source = testConfig({ DATABASE_URL: database.url });
    sourceDataDir = source.dataDir;
    await fill(source.dataDir);
    before = await snapshot(database.url);
    backupFile = await createBackup(source, log);
  });

  it('writes one timestamped tar in BACKUP_DIR', () => {
    expect(path.basename(backupFile)).toMatch(
      /^conciertos-mallorca-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar$/,
    );
    expect(path.dirname(backupFile)).toBe(path.join(sourceDataDir, 'backups'));
    expect(before.users).toHaveLength(3);
    expect(before.likes).toHaveLength(3);
  });

  it('npm run db:restore into a new embedded DATA_DIR: every user, like, session and upload', async () => {
    // The real script in a child process: the embedded server's package is ESM-only, which jest's
    // module system cannot load (the same reason embedded-recovery.test.ts uses a child).
    const port = String(await freePort());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cm-restore-'));
    chmodSync(dataDir, 0o755);
    const restored = await run('scripts/restore.ts', [backupFile], {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: port,
    });
    expect(restored).toMatch(/Copia del .* restaurada \((rows|pg_dump), 1 imágenes\)/);
    expect(readFileSync(path.join(dataDir, 'uploads', 'foto.webp'))).toEqual(IMAGE);
    const server = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/fixtures/start-embedded.ts', dataDir, port],
      { stdio: 'pipe' },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        server.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /READY (\S+)/.exec(output);
          if (match) resolve(match[1]!);
        });
        server.on('exit', () => reject(new Error(`exited before ready: ${output}`)));
      });
      expect(url).toContain(`/${EMBEDDED_DATABASE}`);
      expect(await snapshot(url)).toEqual(before);
    } finally {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('restores into an empty database of a server (DATABASE_URL), and refuses a second time', async () => {
    const url = await emptyDatabaseOnTestServer();
    const target = testConfig({ DATABASE_URL: url });
    await restoreBackup(target, log, backupFile);
    expect(await snapshot(url)).toEqual(before);
    expect(readdirSync(path.join(target.dataDir, 'uploads'))).toEqual(['foto.webp']);
    // The database is no longer empty: nothing is overwritten.
    await expect(restoreBackup(target, log, backupFile)).rejects.toThrow(RestoreRefused);
  });

  it('the scheduled run keeps only the newest BACKUP_KEEP files', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cm-backups-'));
    const names = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04'].map(
      (day) => `conciertos-mallorca-${day}T03-30-00Z.tar`,
    );
    for (const name of names) writeFileSync(path.join(dir, name), '');
    writeFileSync(path.join(dir, 'otra-cosa.tar'), '');
    expect(pruneBackups(dir, 2).map((file) => path.basename(file))).toEqual(names.slice(0, 2));
    expect(readdirSync(dir).sort()).toEqual([...names.slice(2), 'otra-cosa.tar'].sort());
  });
});
