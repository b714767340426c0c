// npm run bench [-- filter...]: runs every bench/*.bench.ts one after another and prints one table.
// Budgets are reported, not asserted: the numbers are the output, so the exit code is always 0.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatTable, type BenchRow } from './lib/table.js';
import type { BenchRun } from './types.js';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const filters = process.argv.slice(2);

const files = readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();

const rows: BenchRow[] = [];
for (const file of files) {
  const started = performance.now();
  process.stderr.write(`${file}... `);
  try {
    const module = (await import(pathToFileURL(path.join(benchDir, file)).href)) as {
      run?: BenchRun;
    };
    if (typeof module.run !== 'function') throw new Error('no exporta run()');
    rows.push(...(await module.run()));
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
