// The agenda (GET /api/concerts) of a signed-in fan with 300 upcoming concerts, with 10,000 fans
// and all their recommendations in the database, at 20 concurrent connections; compared in the
// same run with the same app sending the same bytes from memory. The fan asks again and again, so
// after the first answer every one comes from the instance's caches (server/cache); the same load
// with the caches off is reported too.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { BENCH_PASSWORD, benchUserEmail, generateDataset } from './dataset.js';
import { startBenchApp } from './lib/bench-app.js';
import { startBenchDatabase } from './lib/bench-database.js';
import type { BenchResult } from './types.js';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const CONCERTS = 300;
const CONNECTIONS = 20;
const DURATION_S = 10;

async function load(url: string, cookie: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    workers: 1, // the load runs in its own thread, the app in this one
    headers: { cookie, 'accept-encoding': 'gzip' },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} non-2xx and ${result.errors} errors on ${url}`);
  }
  return result;
}

/** The body as it travels (fetch would decompress it). */
function fetchRaw(url: string, cookie: string) {
  return new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { cookie, 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

export async function run(): Promise<BenchResult[]> {
  const database = await startBenchDatabase(20);
  try {
    await generateDataset(database.db, { users: USERS, concerts: CONCERTS, passwordCost: 4 });
    // The baseline: the very bytes the agenda puts on the wire (gzip), from memory, answered
    // before the app's middleware (no session lookup, no logging): the strictest comparison.
    let memoryBody: Buffer = Buffer.alloc(0);
    const app = await startBenchApp(database, (outer) =>
      outer.get('/bench/memory', (_req, res) => {
        res.set({ 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' }).type('json');
        res.send(memoryBody);
      }),
    );
    const { base } = app;
    try {
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: benchUserEmail(1), password: BENCH_PASSWORD }),
      });
      if (!login.ok) throw new Error(`login failed: ${login.status}`);
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const agenda = await fetchRaw(`${base}/api/concerts`, cookie);
      if (agenda.encoding !== 'gzip') throw new Error(`agenda not gzipped: ${agenda.encoding}`);
      memoryBody = agenda.body;
      const json = gunzipSync(memoryBody).toString();
      const count = (JSON.parse(json) as { concerts: unknown[] }).concerts.length;

      if (process.env.BENCH_SEQUENTIAL) {
        for (const target of ['/api/concerts', '/api/session', '/bench/memory', '/healthz']) {
          const samples: number[] = [];
          for (let i = 0; i < 200; i += 1) {
            const start = performance.now();
            await (await fetch(`${base}${target}`, { headers: { cookie } })).arrayBuffer();
            samples.push(performance.now() - start);
          }
          samples.sort((a, b) => a - b);
          console.log(target, 'p50 ms', samples[100]!.toFixed(2));
        }
      }
      await load(`${base}/api/concerts`, cookie); // warm-up of the same length
      const real = await load(`${base}/api/concerts`, cookie);
      const memory = await load(`${base}/bench/memory`, cookie);
      const ratio = real.requests.average / memory.requests.average;
      // For the record: the same load when no answer is kept (caches off), as after every change.
      const uncachedApp = await startBenchApp(database, undefined, { caches: false });
      const uncached = await load(`${uncachedApp.base}/api/concerts`, cookie).finally(() =>
        uncachedApp.close(),
      );
      return [
        { name: `agenda: concerts returned (${USERS} fans in DB)`, value: count, unit: 'concerts' },
        { name: 'agenda: body as JSON', value: kb(json.length), unit: 'KB' },
        { name: 'agenda: body on the wire (gzip)', value: kb(memoryBody.length), unit: 'KB' },
        {
          name: 'agenda: p50 latency, 20 connections',
          value: real.latency.p50,
          unit: 'ms',
          budget: '<= 15',
          ok: real.latency.p50 <= 15,
        },
        {
          name: 'agenda: p99 latency, 20 connections',
          value: real.latency.p99,
          unit: 'ms',
          budget: '<= 50',
          ok: real.latency.p99 <= 50,
        },
        { name: 'agenda: throughput', value: Math.round(real.requests.average), unit: 'req/s' },
        {
          name: 'same bytes from memory: throughput',
          value: Math.round(memory.requests.average),
          unit: 'req/s',
        },
        {
          name: 'caches off (every answer built): p50 latency',
          value: uncached.latency.p50,
          unit: 'ms',
        },
        {
          name: 'caches off: p99 latency',
          value: uncached.latency.p99,
          unit: 'ms',
        },
        {
          name: 'caches off: throughput',
          value: Math.round(uncached.requests.average),
          unit: 'req/s',
        },
        {
          name: 'agenda / memory throughput',
          value: Number(ratio.toFixed(2)),
          unit: 'ratio',
          budget: '>= 0.5',
          ok: ratio >= 0.5,
        },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.dispose();
  }
}
