// Login costs bcrypt (cost 12) plus our own work; a session lookup adds little to a request.
import { performance } from 'node:perf_hooks';
import { hashPassword, verifyPassword } from '../server/auth/password.js';
import { startBenchApp } from './lib/bench-app.js';
import { startBenchDatabase } from './lib/bench-database.js';
import type { BenchResult } from './types.js';

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timeIt(times: number, work: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return samples;
}

export async function run(): Promise<BenchResult[]> {
  const database = await startBenchDatabase(10);
  try {
    const app = await startBenchApp(database);
    const { base, config } = app;
    try {
      const hash = await hashPassword('bench-password', config.bcryptCost);
      const emails = Array.from({ length: 9 }, (_, i) => `auth-bench-${i}@bench.local`);
      await database.db
        .insertInto('users')
        .values(emails.map((email) => ({ email, password_hash: hash })))
        .execute();

      const bcrypt = await timeIt(9, () => verifyPassword('bench-password', hash));
      let next = 0;
      let cookie = '';
      const login = await timeIt(9, async () => {
        const res = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: emails[next++], password: 'bench-password' }),
        });
        if (!res.ok) throw new Error(`login ${res.status}`);
        cookie = res.headers.get('set-cookie')!.split(';')[0]!;
      });
      const get = (headers: Record<string, string>) => async () => {
        const res = await fetch(`${base}/api/session`, { headers });
        await res.arrayBuffer();
      };
      await timeIt(100, get({ cookie })); // warm-up
      const visitor = await timeIt(500, get({}));
      const signedIn = await timeIt(500, get({ cookie }));
      const overhead = median(login) - median(bcrypt);
      const lookup = median(signedIn) - median(visitor);
      return [
        {
          name: 'bcrypt compare, cost 12 (median)',
          value: Number(median(bcrypt).toFixed(1)),
          unit: 'ms',
        },
        { name: 'login request (median)', value: Number(median(login).toFixed(1)), unit: 'ms' },
        {
          name: 'login minus bcrypt',
          value: Number(overhead.toFixed(1)),
          unit: 'ms',
          budget: '<= 10',
          ok: overhead <= 10,
        },
        {
          name: 'GET /api/session visitor p50',
          value: Number(median(visitor).toFixed(2)),
          unit: 'ms',
        },
        {
          name: 'GET /api/session signed in p50',
          value: Number(median(signedIn).toFixed(2)),
          unit: 'ms',
        },
        {
          name: 'session lookup adds (p50)',
          value: Number(lookup.toFixed(2)),
          unit: 'ms',
          budget: '<= 2',
          ok: lookup <= 2,
        },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.dispose();
  }
}
