// Starting the built server as a child process and timing it, for the startup benchmark, and a
// demo server for the benches that load its pages in a browser.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  /** The last few kilobytes of the child's stdout and stderr, for error messages. */
  output(): string;
  /** Resolves with the exit code, or the signal's name when a signal ended it. */
  exited: Promise<number | string>;
}

const live = new Set<ServerProcess>();

/** Process groups of every server started: one that died can leave its postgres behind. */
const groups = new Set<number>();

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
}

// Never leave a server or its postgres behind, whatever way the benchmark ends. The children have
// their own process group, so a Ctrl-C in the terminal does not reach them: forward it.
let cleanupInstalled = false;
function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.once('exit', () => killAll());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(130);
    });
  }
}

export function startServer(options: {
  repoRoot: string;
  dataDir: string;
  port: number;
  postgresPort: number;
}): ServerProcess {
  installCleanup();
  let output = '';
  const child = spawn(process.execPath, [path.join(options.repoRoot, 'dist/server/index.js')], {
    cwd: options.repoRoot,
    // Its own process group, so cleanup can reach the postgres grandchild too.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      PUBLIC_URL: `http://localhost:${options.port}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      // Empty, not unset: a DATABASE_URL in .env must not replace the embedded database here.
      DATABASE_URL: '',
      EMBEDDED_POSTGRES_PORT: String(options.postgresPort),
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
    },
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'desconocido')),
  );
  const server: ServerProcess = {
    child,
    pid: child.pid ?? 0,
    port: options.port,
    output: () => output,
    exited,
  };
  live.add(server);
  if (server.pid > 0) groups.add(server.pid);
  void exited.then(() => live.delete(server));
  return server;
}

/** Polls GET /readyz every 50 ms; resolves with the ms from `startedAt` to the first 200. */
export async function waitForReady(
  server: ServerProcess,
  startedAt: number,
  timeoutMs = 120_000,
): Promise<number> {
  let exitCode: number | string | undefined;
  void server.exited.then((code) => (exitCode = code));
  while (performance.now() - startedAt < timeoutMs) {
    if (exitCode !== undefined) {
      throw new Error(
        `el servidor terminó (código ${exitCode}) antes de estar listo:\n${server.output()}`,
      );
    }
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/readyz`, {
        signal: AbortSignal.timeout(1000),
      });
      if (response.status === 200) return performance.now() - startedAt;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  throw new Error(`/readyz no respondió 200 en ${timeoutMs} ms:\n${server.output()}`);
}

/** SIGTERM (a graceful shutdown), then SIGKILL to the whole group if it takes too long. */
export async function stopServer(server: ServerProcess, timeoutMs = 20_000): Promise<void> {
  if (!live.has(server)) return;
  try {
    process.kill(server.pid, 'SIGTERM');
  } catch {
    return;
  }
  const stopped = await Promise.race([server.exited.then(() => true), sleep(timeoutMs, false)]);
  if (!stopped) {
    killGroup(server.pid, 'SIGKILL');
    await server.exited;
  }
}

export interface DemoServer {
  server: ServerProcess;
  base: string;
  dataDir: string;
  postgresPort: number;
}

/**
 * The built app (`npm run build` first) started as in production with demo data (random demo
 * passwords, printed once) and ready, for `work`; stopped, and its data folder removed, after it.
 */
export async function withDemoServer<T>(
  repoRoot: string,
  label: string,
  work: (demo: DemoServer) => Promise<T>,
): Promise<T> {
  if (
    !existsSync(path.join(repoRoot, 'dist/server/index.js')) ||
    !existsSync(path.join(repoRoot, 'dist/client/index.html'))
  ) {
    throw new Error('Falta dist/: ejecuta `npm run build` antes de este benchmark.');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `cm-bench-${label}-`));
  process.env.DEMO_DATA = 'true'; // the started server inherits it
  const postgresPort = await freePort();
  const server = startServer({ repoRoot, dataDir, port: await freePort(), postgresPort });
  try {
    await waitForReady(server, performance.now());
    return await work({ server, base: `http://localhost:${server.port}`, dataDir, postgresPort });
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** SIGKILL to every group started, finished or not: no postgres grandchild survives the bench. */
export function killAll(): void {
  for (const pgid of groups) killGroup(pgid, 'SIGKILL');
  groups.clear();
}

/** Resident memory of a process in MB, from /proc (Linux only). */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`VmRSS no disponible para el proceso ${pid}`);
  return kb / 1024;
}
