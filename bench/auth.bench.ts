// Login costs bcrypt (cost 12) plus our own work; a session lookup adds little to a request.
// "Our own work" is measured with cost-4 hashes (same code path, a cheap bcrypt): at cost 12 bcrypt
// alone varies between runs by more than the 10 ms being measured.
import { performance } from 'node:perf_hooks';
import { hashPassword, verifyPassword } from '../server/accounts/password.js';
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
    // How long the server spends on each request, arrival to last byte: the in-process client's
    // own costs (fetch's) are not the login's.
    let serverMs = 0;
    const app = await startBenchApp(database, (outer) =>
      outer.use((_req, res, next) => {
        const arrival = performance.now();
        res.on('finish', () => (serverMs = performance.now() - arrival));
        next();
      }),
    );
    const { base, config } = app;
    try {
      const users = async (prefix: string, count: number, cost: number) => {
        const hash = await hashPassword('bench-password', cost);
        const emails = Array.from({ length: count }, (_, i) => `${prefix}-${i}@bench.local`);
        await database.db
          .insertInto('users')
          .values(emails.map((email) => ({ email, password_hash: hash })))
          .execute();
        return { hash, emails };
      };
      const production = await users('auth-bench', 9, config.bcryptCost);
      const cheap = await users('auth-bench-cost4', 25, 4);

      let cookie = '';
      const logIn = async (email: string) => {
        // Counters from earlier logins would end in 429 (limits hold per IP); cleared untimed.
        const res = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'bench-password' }),
        });
        if (!res.ok) throw new Error(`login ${res.status}`);
        cookie = res.headers.get('set-cookie')!.split(';')[0]!;
      };
      const loginTimes = async (emails: string[]) => {
        const client: number[] = [];
        const server: number[] = [];
        for (const email of emails) {
          await database.db.deleteFrom('rate_limits').execute();
          client.push(...(await timeIt(1, () => logIn(email))));
          server.push(serverMs);
        }
        return { client, server };
      };
      const bcrypt = await timeIt(9, () => verifyPassword('bench-password', production.hash));
      const login = await loginTimes(production.emails);
      const bcrypt4 = await timeIt(25, () => verifyPassword('bench-password', cheap.hash));
      const login4 = await loginTimes(cheap.emails);
      const get = (headers: Record<string, string>) => async () => {
        const res = await fetch(`${base}/api/session`, { headers });
        await res.arrayBuffer();
      };
      await timeIt(100, get({ cookie })); // warm-up
      const visitor = await timeIt(500, get({}));
      const signedIn = await timeIt(500, get({ cookie }));
      const overhead = median(login4.server) - median(bcrypt4);
      const lookup = median(signedIn) - median(visitor);
      return [
        {
          name: 'bcrypt compare, cost 12 (median)',
          value: Number(median(bcrypt).toFixed(1)),
          unit: 'ms',
        },
        {
          name: 'login request, seen by the client (median)',
          value: Number(median(login.client).toFixed(1)),
          unit: 'ms',
        },
        {
          name: 'login minus bcrypt, cost 4, client-side (medians of 25)',
          value: Number((median(login4.client) - median(bcrypt4)).toFixed(1)),
          unit: 'ms',
        },
        {
          name: 'login minus bcrypt, cost 4, server-side (medians of 25)',
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
