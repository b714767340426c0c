import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, isAlive } from './helpers/app-process.js';

// Each test runs initdb and starts the app more than once: minutes on a loaded machine.
jest.setTimeout(240_000);

function start(dataDir: string, port: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/fixtures/start-embedded.ts', dataDir, String(port)],
    { stdio: 'pipe' },
  );
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /READY (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', () => reject(new Error(`exited before ready:\n${output}`)));
  });
  return { child, ready, output: () => output };
}

function exited(child: ChildProcessWithoutNullStreams): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function canQuery(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('embedded PostgreSQL', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cm-embedded-'));
  chmodSync(dataDir, 0o755);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('recovers by itself from a server left running by a killed process, and stops on SIGTERM', async () => {
    const port = await freePort();
    const first = start(dataDir, port);
    const url = await first.ready;
    expect(await canQuery(url)).toBe(true);
    const stalePid = Number(
      readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
    );

    // kill -9: no shutdown hook runs, postgres keeps running and holds the data directory.
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(isAlive(stalePid)).toBe(true);

    const second = start(dataDir, port);
    const url2 = await second.ready;
    expect(second.output()).toContain('no se cerró bien');
    expect(isAlive(stalePid)).toBe(false);
    expect(await canQuery(url2)).toBe(true);

    const newPid = Number(
      readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    second.child.kill('SIGTERM');
    await exited(second.child);
    expect(second.output()).toContain('STOPPED');
    expect(isAlive(newPid)).toBe(false);
  });

  /** Runs SQL as the superuser on the 'postgres' database of a running embedded server. */
  async function asSuperuser(url: string, ...statements: string[]): Promise<void> {
    const address = new URL(url);
    address.pathname = '/postgres';
    const client = new pg.Client({ connectionString: address.toString() });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  }

  async function stop(running: ReturnType<typeof start>): Promise<void> {
    running.child.kill('SIGTERM');
    await exited(running.child);
    expect(running.output()).toContain('STOPPED');
  }

  it('refuses a SQL_ASCII database from an earlier version with the exact steps, which work', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cm-embedded-ascii-'));
    chmodSync(dir, 0o755);
    try {
      const port = await freePort();
      const first = start(dir, port);
      // What initdb made without LANG before it got explicit flags.
      await asSuperuser(
        await first.ready,
        'DROP DATABASE conciertos WITH (FORCE)',
        "CREATE DATABASE conciertos TEMPLATE template0 ENCODING 'SQL_ASCII' LOCALE_PROVIDER libc LOCALE 'C'",
      );
      await stop(first);

      const second = start(dir, port);
      await expect(second.ready).rejects.toThrow('SQL_ASCII');
      const clusterDir = path.join(dir, 'postgres');
      expect(second.output()).toContain(`mv ${clusterDir} ${clusterDir}-sql_ascii`);
      // It stopped the server it had started before refusing.
      expect(existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(false);

      // Following the steps: a new UTF-8 database.
      renameSync(clusterDir, `${clusterDir}-sql_ascii`);
      const third = start(dir, port);
      const client = new pg.Client({ connectionString: await third.ready });
      await client.connect();
      const { rows } = await client.query<{ encoding: string; lower: string }>(
        "SELECT pg_encoding_to_char(encoding) AS encoding, lower('CANÇÓ') AS lower FROM pg_database WHERE datname = current_database()",
      );
      await client.end();
      expect(rows[0]).toEqual({ encoding: 'UTF8', lower: 'cançó' });
      await stop(third);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('switches a data directory from the old constant password to a random one kept in 0600', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cm-embedded-password-'));
    chmodSync(dir, 0o755);
    try {
      const port = await freePort();
      const passwordFile = path.join(dir, 'postgres-password');
      const first = start(dir, port);
      // An earlier version: the constant password 'embedded' and no password file.
      await asSuperuser(await first.ready, "ALTER ROLE postgres PASSWORD 'embedded'");
      unlinkSync(passwordFile);
      await stop(first);

      const second = start(dir, port);
      const url = new URL(await second.ready);
      expect(decodeURIComponent(url.password)).not.toBe('embedded');
      expect(readFileSync(passwordFile, 'utf8').trim()).toBe(decodeURIComponent(url.password));
      expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
      url.password = 'embedded';
      expect(await canQuery(url.toString())).toBe(false);
      await stop(second);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
