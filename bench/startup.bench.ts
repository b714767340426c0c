// How long the built server takes to be ready, first on an empty data folder (initdb, migrations,
// demo data) and then on an existing one, and how much memory it holds when idle.
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  freePort,
  killAll,
  residentMb,
  startServer,
  stopServer,
  waitForReady,
} from './lib/server-process.js';
import type { BenchResult } from './types.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const RESTARTS = 3;
const IDLE_MS = 5_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function within(name: string, value: number, unit: string, limit: number): BenchResult {
  return { name, value, unit, budget: `<= ${limit}`, ok: value <= limit };
}

/** Starts the server, waits for /readyz; `idle` keeps it running a while and reads its RSS. */
async function startOnce(
  dataDir: string,
  idle = false,
): Promise<{ readyMs: number; rssMb?: number }> {
  const server = startServer({
    repoRoot,
    dataDir,
    port: await freePort(),
    postgresPort: await freePort(),
  });
  try {
    const readyMs = await waitForReady(server, performance.now());
    if (!idle) return { readyMs };
    await sleep(IDLE_MS);
    return { readyMs, rssMb: residentMb(server.pid) };
  } finally {
    await stopServer(server);
  }
}

export async function run(): Promise<BenchResult[]> {
  if (!existsSync(path.join(repoRoot, 'dist/server/index.js'))) {
    throw new Error('Falta dist/server/index.js: ejecuta `npm run build` antes de este benchmark.');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cm-bench-startup-'));
  // As root the embedded postgres runs as the 'postgres' user, which must enter this folder.
  chmodSync(dataDir, 0o755);
  try {
    const first = await startOnce(dataDir);
    const restarts: number[] = [];
    let rssMb = 0;
    for (let i = 0; i < RESTARTS; i++) {
      const last = i === RESTARTS - 1;
      const result = await startOnce(dataDir, last);
      restarts.push(result.readyMs);
      if (last) rssMb = result.rssMb ?? 0;
    }
    return [
      within(
        'startup: first start (empty DATA_DIR) to /readyz',
        Math.round(first.readyMs),
        'ms',
        15_000,
      ),
      within(
        `startup: restart to /readyz (median of ${RESTARTS})`,
        Math.round(median(restarts)),
        'ms',
        3_000,
      ),
      within(`startup: idle RSS of node (ready + ${IDLE_MS / 1000} s)`, rssMb, 'MB', 150),
    ];
  } finally {
    killAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
