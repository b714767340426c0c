// npm run db:backup / db:restore: a backup of a database with users, likes and an upload, restored
// into an empty database, gives every one of them back. The backup is taken from this test's own
// database (the embedded test server, or TEST_DATABASE_URL's server in CI: PostgreSQL 15 there, with
// pg_dump 15, so the pg_dump format is used; the embedded PostgreSQL 18 has no pg_dump, so the
// rows format is). The restore goes once into a fresh embedded database, as `npm run db:restore`
// does with no DATABASE_URL, and once into an empty database on the same server.
import { execFile, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { pruneBackups } from '../server/backup/backup.js';
import { createBackup } from '../server/backup/create-backup.js';
import { restoreBackup, RestoreRefused } from '../server/backup/restore-backup.js';
import type { Config } from '../server/config/config.js';
import { connectDatabase } from '../server/db/database.js';
import { EMBEDDED_DATABASE } from '../server/db/embedded.js';
import { publicSchemaIsEmpty } from '../server/db/logical-dump.js';
import { createLogger } from '../server/lib/logger.js';
import { createMailer } from '../server/mail/mailer.js';
import { testConfig } from './helpers/app.js';
import { freePort } from './helpers/app-process.js';
import { useTestDatabase } from './helpers/db.js';
import { createConcert, createUser } from './helpers/factories.js';

jest.setTimeout(120_000);
const database = useTestDatabase();
const log = createLogger('silent');
const IMAGE = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 fake image bytes');
/** A name as storeImage gives them. */
const PICTURE = `${'0123456789abcdef'.repeat(2)}.webp`;

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
  writeFileSync(path.join(dataDir, 'uploads', PICTURE), IMAGE);
  // Not a name the app gives: left out of the backup, which a restore would refuse otherwise.
  writeFileSync(path.join(dataDir, 'uploads', 'notas.txt'), 'apuntes');
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
    expect(readdirSync(path.join(dataDir, 'uploads'))).toEqual([PICTURE]);
    expect(readFileSync(path.join(dataDir, 'uploads', PICTURE))).toEqual(IMAGE);
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
    expect(readdirSync(path.join(target.dataDir, 'uploads'))).toEqual([PICTURE]);
    // The database is no longer empty: nothing is overwritten.
    await expect(restoreBackup(target, log, backupFile)).rejects.toThrow(RestoreRefused);
  });

  describe('refuses a crafted archive before touching the database or the uploads', () => {
    let work: string;
    let unpacked: string;
    let target: Config;
    const ANOTHER = `${'a'.repeat(32)}.webp`;
    const uploadsOf = (config: Config) => path.join(config.dataDir, 'uploads');

    beforeAll(async () => {
      work = mkdtempSync(path.join(tmpdir(), 'cm-crafted-'));
      unpacked = path.join(work, 'real');
      mkdirSync(unpacked);
      execFileSync('tar', ['-xf', backupFile, '-C', unpacked]);
      writeFileSync(path.join(work, 'evil'), 'root:x:0:0\n');
      target = testConfig({ DATABASE_URL: await emptyDatabaseOnTestServer() });
      mkdirSync(uploadsOf(target));
      writeFileSync(path.join(uploadsOf(target), ANOTHER), IMAGE);
    });
    afterAll(() => rmSync(work, { recursive: true, force: true }));

    /** The real backup, changed by `change` (which may answer extra tar arguments), tarred again. */
    function craft(label: string, change: (dir: string) => string[] | void): string {
      const dir = path.join(work, label);
      cpSync(unpacked, dir, { recursive: true });
      const extra = change(dir) ?? [];
      const file = path.join(work, `${label}.tar`);
      execFileSync('tar', ['-cf', file, '-P', '-C', dir, '.', ...extra]);
      return file;
    }

    it.each([
      {
        label: 'symlink',
        change: (dir: string) =>
          symlinkSync('/etc/passwd', path.join(dir, 'uploads', `${'b'.repeat(32)}.webp`)),
        message: /«\.\/uploads\/b{32}\.webp» es un enlace simbólico/,
      },
      {
        label: 'hard-link',
        change: (dir: string) =>
          linkSync(
            path.join(dir, 'uploads', PICTURE),
            path.join(dir, 'uploads', `${'c'.repeat(32)}.webp`),
          ),
        // Either name may be the link: tar stores the second one it meets as one.
        message: /«\.\/uploads\/[0-9a-f]{32}\.webp» es un enlace duro/,
      },
      {
        // dir/uploads/../../evil is work/evil: tar stores the name as given (-P).
        label: 'parent',
        change: () => ['uploads/../../evil'],
        message: /«uploads\/\.\.\/\.\.\/evil» sale de la carpeta de la copia/,
      },
      {
        label: 'absolute',
        change: () => [path.join(work, 'evil')],
        message: /«\/.*\/evil» es una ruta absoluta/,
      },
      {
        label: 'unexpected-name',
        change: (dir: string) =>
          writeFileSync(path.join(dir, 'uploads', 'pagina.html'), '<script>'),
        message: /«\.\/uploads\/pagina\.html» no es parte de una copia de Conciertos Mallorca/,
      },
      {
        label: 'unexpected-folder',
        change: (dir: string) => mkdirSync(path.join(dir, 'uploads', 'sub')),
        message: /«\.\/uploads\/sub\/» no es parte de una copia de Conciertos Mallorca/,
      },
    ])('$label', async ({ label, change, message }) => {
      const crafted = craft(label, change);
      const error: unknown = await restoreBackup(target, log, crafted).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RestoreRefused);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toContain('No se ha restaurado nada');
      const client = new pg.Client({ connectionString: target.database.url });
      await client.connect();
      try {
        expect(await publicSchemaIsEmpty(client)).toBe(true);
      } finally {
        await client.end();
      }
      expect(readdirSync(uploadsOf(target))).toEqual([ANOTHER]);
      expect(readdirSync(path.dirname(crafted)).filter((name) => name.startsWith('.'))).toEqual([]);
    });
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

describe('backups and the mail outbox are readable only by the user running the app', () => {
  const modeOf = (file: string) => statSync(file).mode & 0o777;

  it('folders 0700 and files 0600 whatever the umask, and no temporary file left', async () => {
    const config = testConfig({ DATABASE_URL: database.url });
    // A backups folder that exists already, open to all, is tightened too.
    mkdirSync(config.backup.dir);
    chmodSync(config.backup.dir, 0o755);
    const mailer = createMailer(config, log);
    const umask = process.umask(0);
    let backup: string;
    try {
      backup = await createBackup(config, log);
      await mailer.send({
        to: 'ana@example.com',
        subject: 'Recupera tu contraseña',
        text: 'https://example.com/restablecer?token=secreto',
        html: '<a href="https://example.com/restablecer?token=secreto">Restablecer</a>',
      });
    } finally {
      process.umask(umask);
      mailer.close();
    }
    expect(modeOf(config.backup.dir)).toBe(0o700);
    expect(readdirSync(config.backup.dir)).toEqual([path.basename(backup)]);
    expect(modeOf(backup)).toBe(0o600);
    const mails = readdirSync(config.mail.outboxDir);
    expect(mails).toEqual([expect.stringMatching(/^[^.].*\.eml$/)]);
    expect(modeOf(config.mail.outboxDir)).toBe(0o700);
    expect(modeOf(path.join(config.mail.outboxDir, mails[0]!))).toBe(0o600);
  });
});
