import type { BenchResult } from '../types.js';

export interface BenchRow extends Partial<BenchResult> {
  name: string;
  /** Set when the benchmark threw: printed instead of a value. */
  error?: string;
}

function formatValue(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return '';
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

function okText(row: BenchRow): string {
  if (row.error) return 'ERROR';
  if (row.ok === undefined) return '';
  return row.ok ? 'ok' : 'OVER';
}

/** A plain-text table: name, value, unit, budget, ok; errors on their own line below their row. */
export function formatTable(rows: BenchRow[]): string {
  const header = ['name', 'value', 'unit', 'budget', 'ok'];
  const cells = rows.map((row) => [
    row.name,
    row.error ? '-' : formatValue(row.value),
    row.unit ?? '',
    row.budget ?? '',
    okText(row),
  ]);
  // Every row of cells has one value per header column, and `cells` has one row per `rows` entry.
  const widths = header.map((title, i) =>
    Math.max(title.length, ...cells.map((c) => c[i]!.length)),
  );
  const line = (values: string[]) =>
    values
      .map((value, i) => (i === 1 ? value.padStart(widths[i]!) : value.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const out = [line(header), widths.map((w) => '-'.repeat(w)).join('  ')];
  rows.forEach((row, i) => {
    out.push(line(cells[i]!));
    if (row.error) {
      for (const errorLine of row.error.split('\n').slice(0, 12)) out.push(`    ${errorLine}`);
    }
  });
  return out.join('\n');
}
