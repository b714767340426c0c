// npm run bench [-- filter...]: runs every bench/*.bench.ts one after another and prints one table.
// Each file runs in its own process, so memory figures are not inflated by the ones before it.
// Budgets are reported, not asserted: the numbers are the output, so the exit code is always 0.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatTable, type BenchRow } from './lib/table.js';
import type { BenchResult, BenchRun } from './types.js';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const RESULT_MARK = 'BENCH-RESULT ';

/** Child mode: run one file and print its rows on one marked line. */
async function runOne(file: string): Promise<void> {
  const module = (await import(pathToFileURL(path.join(benchDir, file)).href)) as {
    run?: BenchRun;
  };
  if (typeof module.run !== 'function') throw new Error('no exporta run()');
  const rows: BenchResult[] = await module.run();
  process.stdout.write(`\n${RESULT_MARK}${JSON.stringify(rows)}\n`);
  process.exit(0); // pools or timers left by a bench must not keep the child alive
}

function runInChild(file: string): Promise<BenchResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--one', file],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = output.split('\n');
      const result = lines.find((l) => l.startsWith(RESULT_MARK));
      // Whatever else the bench printed (BENCH_SEQUENTIAL details) goes to stderr, before the table.
      const other = lines.filter((l) => l !== result && l.trim() !== '');
      if (other.length > 0) process.stderr.write(`\n${other.join('\n')}\n`);
      if (result) resolve(JSON.parse(result.slice(RESULT_MARK.length)) as BenchResult[]);
      else reject(new Error(`terminó con código ${code} sin resultados`));
    });
  });
}

/**
 * `--users N` and `--concerts N` set BENCH_USERS and BENCH_CONCERTS for every bench run (each
 * child inherits them), e.g. `npm run bench -- mixed --users 100000`; the rest are file filters.
 */
function takeSizeFlags(args: string[]): string[] {
  const flags: Record<string, string> = {
    '--users': 'BENCH_USERS',
    '--concerts': 'BENCH_CONCERTS',
  };
  const filters: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const [flag, inline] = args[i]!.split('=', 2); // i < args.length
    const variable = flags[flag!];
    if (!variable) {
      filters.push(args[i]!);
      continue;
    }
    const value = inline ?? args[(i += 1)];
    if (!value || !/^\d+$/.test(value)) throw new Error(`${flag} necesita un número entero`);
    process.env[variable] = value;
  }
  return filters;
}

if (process.argv[2] === '--one') {
  await runOne(process.argv[3]!);
} else {
  const filters = takeSizeFlags(process.argv.slice(2));
  const files = readdirSync(benchDir)
    .filter((file) => file.endsWith('.bench.ts'))
    .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
    .sort();

  const rows: BenchRow[] = [];
  for (const file of files) {
    const started = performance.now();
    process.stderr.write(`${file}... `);
    try {
      rows.push(...(await runInChild(file)));
      process.stderr.write(`${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    } catch (error) {
      process.stderr.write('error\n');
      const message = error instanceof Error ? error.message : String(error);
      rows.push({ name: file, error: message });
    }
  }

  if (files.length === 0) console.log('No hay ficheros bench/*.bench.ts que ejecutar.');
  else console.log(`\n${formatTable(rows)}`);
  process.exitCode = 0;
}
