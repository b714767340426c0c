/** One figure printed by `npm run bench`. Budgets are reported, never asserted. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  /** Human-readable target, e.g. '<= 3000'. */
  budget?: string;
  ok?: boolean;
}

/** What every bench/*.bench.ts file exports (synchronous when it measures nothing asynchronous). */
export type BenchRun = () => BenchResult[] | Promise<BenchResult[]>;
