// CPU seconds spent by this process and by a PostgreSQL server on this machine (the postmaster,
// its live backends and the ones that exited), read from /proc. Wall time on a machine shared with other work says
// little; CPU time is the work itself, whatever else runs. Linux only: elsewhere PostgreSQL's
// share is reported as unknown (NaN).
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Database } from '../../server/db/database.js';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** utime, stime, cutime, cstime of a process in ticks, and its parent pid; undefined if gone. */
function stat(pid: number): { ppid: number; own: number; children: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const field = (n: number) => Number(fields[n - 3]);
    return { ppid: field(4), own: field(14) + field(15), children: field(16) + field(17) };
  } catch {
    return undefined;
  }
}

function postgresTicks(postmasterPid: number): number {
  const postmaster = stat(postmasterPid);
  if (!postmaster) return NaN;
  let ticks = postmaster.own + postmaster.children;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const child = stat(pid);
    if (child?.ppid === postmasterPid) ticks += child.own;
  }
  return ticks;
}

export interface CpuSnapshot {
  node: number;
  postgres: number;
}

/** The postmaster's pid: the parent of a backend (undefined when not on this machine or not Linux). */
export async function postmasterPid(db: Database): Promise<number | undefined> {
  const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db);
  return stat(rows[0]!.pid)?.ppid; // a scalar SELECT returns one row
}

export function cpuSnapshot(postmaster: number | undefined): CpuSnapshot {
  const usage = process.cpuUsage();
  const postgres = postmaster === undefined ? NaN : postgresTicks(postmaster) / TICKS_PER_SECOND;
  return { node: (usage.user + usage.system) / 1e6, postgres };
}

/** CPU seconds between two snapshots. */
export function cpuSince(before: CpuSnapshot, after: CpuSnapshot): CpuSnapshot {
  return { node: after.node - before.node, postgres: after.postgres - before.postgres };
}

/**
 * CPU seconds of this process's main thread alone (where the app runs; a bench's load generator
 * runs in a worker thread), from /proc/self/task/<pid>/stat; NaN where that is not readable.
 */
export function mainThreadCpuSeconds(): number {
  try {
    const text = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[14 - 3]) + Number(fields[15 - 3])) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}
