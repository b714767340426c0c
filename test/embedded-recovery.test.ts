import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

// Starting a real embedded server twice takes a few seconds.
jest.setTimeout(60_000);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
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
});
