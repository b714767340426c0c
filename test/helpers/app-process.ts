// The real app (server/index.ts) as a child process, with exactly the environment a test gives it:
// how a person (or a Docker image) starts it, not how the other tests build it in-process.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
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
): AppProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
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

/** What is always needed to run a program: the PATH (node, id, useradd) and a HOME. */
export function bareEnvironment(home: string): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin', HOME: home };
}
