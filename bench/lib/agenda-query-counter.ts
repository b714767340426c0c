// Counts the agenda's per-request statement (findAgendaState) as it leaves for PostgreSQL, by
// wrapping pg.Client#query in this process (the bench runs the app in-process). The app exposes
// no cache counters, and every GET /api/concerts that is not answered from a kept response runs
// this statement exactly once: misses = statements, hits = answers - statements. The last one
// sent is kept too, text and parameters, so it can be EXPLAINed exactly as the app ran it.
import pg from 'pg';

// A fragment only findAgendaState's SQL has (server/concerts/agenda.repository.ts).
const AGENDA_STATE_SQL = "c.day::text || 'T' || c.hour::text AS starts_at";

export interface CapturedQuery {
  text: string;
  values: unknown[];
}

let installed = false;
let count = 0;
let last: CapturedQuery | undefined;

export function installAgendaQueryCounter(): {
  read(): number;
  last(): CapturedQuery | undefined;
} {
  if (!installed) {
    installed = true;
    // Kept unbound on purpose: called below with `apply(this, …)` on the client being used.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const original = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
    pg.Client.prototype.query = function countingQuery(this: pg.Client, ...args: unknown[]) {
      const first = args[0];
      const config =
        typeof first === 'object' && first !== null ? (first as pg.QueryConfig) : undefined;
      const text = typeof first === 'string' ? first : config?.text;
      if (typeof text === 'string' && text.includes(AGENDA_STATE_SQL)) {
        count += 1;
        const values: unknown[] = Array.isArray(args[1])
          ? (args[1] as unknown[])
          : ((config?.values as unknown[] | undefined) ?? []);
        last = { text, values: [...values] };
      }
      return original.apply(this, args);
    } as typeof pg.Client.prototype.query;
  }
  return { read: () => count, last: () => last };
}
