// The cold path: GET /api/concerts for one fan's 300 concerts with the instance caches
// off (startBenchApp's `caches: false`: no change feed, so no kept session, user or agenda answer;
// every request reads the session, the user and the agenda from the database and builds, gzips
// and sends the body). 10,000 fans and all their recommendations in the database.
// Then where the time goes, each part timed alone in this process with the app's own functions:
// the agenda statement (through Kysely, and EXPLAIN ANALYZE of the exact text and parameters the
// app sent), the shared concert details (the catalog, which without the feed is still kept for
// 30 s; built cold here), the JSON, gzip (what the app sends) and brotli for comparison, and the
// network (the same gzipped bytes answered from memory over loopback HTTP). What is left of the
// end-to-end p50 is the session, passport and middleware.
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { AgendaCatalog } from '../server/concerts/agenda-catalog.js';
import { agendaJson } from '../server/concerts/agenda.dto.js';
import { findAgendaState } from '../server/concerts/agenda.repository.js';
import { upcomingCutoff } from '../server/concerts/upcoming.js';
import { systemClock } from '../server/lib/time.js';
import { benchUserEmail, generateDataset } from './dataset.js';
import { installAgendaQueryCounter } from './lib/agenda-query-counter.js';
import { startBenchApp } from './lib/bench-app.js';
import { startBenchDatabase } from './lib/bench-database.js';
import { fetchRaw, kb, loadRow, percentile, round, signInBenchFan } from './lib/http-client.js';
import type { BenchResult } from './types.js';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const CONCERTS = 300;
const CONNECTIONS = 20;
const DURATION_S = 10;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const BROTLI_11_SAMPLES = 5;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** `count` sequential runs of `work` after up to 10 unmeasured ones: p50 and p99 in ms. */
async function timeEach(
  work: () => unknown,
  count = SAMPLES,
): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < Math.min(10, count); i += 1) await work();
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return { p50: round(percentile(samples, 50), 2), p99: round(percentile(samples, 99), 2) };
}

export async function run(): Promise<BenchResult[]> {
  const counter = installAgendaQueryCounter();
  const database = await startBenchDatabase(CONNECTIONS);
  try {
    await generateDataset(database.db, { users: USERS, concerts: CONCERTS, passwordCost: 4 });
    let memoryBody: Buffer = Buffer.alloc(0);
    const app = await startBenchApp(
      database,
      (outer) =>
        outer.get('/bench/memory', (_req, res) => {
          res.set({ 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' }).type('json');
          res.send(memoryBody);
        }),
      { caches: false, env: { TRUST_PROXY: '1' } },
    );
    const explainClient = new pg.Client({ connectionString: database.url });
    await explainClient.connect();
    try {
      const { base } = app;
      const cookie = await signInBenchFan(base, 1);
      const gzipHeaders = { cookie, 'accept-encoding': 'gzip, deflate, br' };
      const first = await fetchRaw(`${base}/api/concerts`, gzipHeaders);
      if (first.status !== 200 || first.encoding !== 'gzip') {
        throw new Error(`agenda: ${first.status} ${first.encoding ?? 'sin codificar'}`);
      }
      memoryBody = first.body;
      const queriesBefore = counter.read();
      const endToEnd = await timeEach(() => fetchRaw(`${base}/api/concerts`, gzipHeaders));
      const plainEndToEnd = await timeEach(() => fetchRaw(`${base}/api/concerts`, { cookie }));
      const agendaQueries = counter.read() - queriesBefore;
      const loaded = await autocannon({
        url: `${base}/api/concerts`,
        connections: CONNECTIONS,
        duration: DURATION_S,
        workers: 1,
        headers: gzipHeaders,
      });

      // The parts, alone.
      const userRow = await database.db
        .selectFrom('users')
        .select('user_id')
        .where('email', '=', benchUserEmail(1))
        .executeTakeFirstOrThrow();
      const cutoff = upcomingCutoff(systemClock);
      const rows = await findAgendaState(database.db, cutoff, userRow.user_id);
      const ids = rows.map((row) => row.id);
      const sqlTime = await timeEach(() => findAgendaState(database.db, cutoff, userRow.user_id));
      const catalogTime = await timeEach(() => new AgendaCatalog(database.db).openJson(ids));
      const details = await new AgendaCatalog(database.db).openJson(ids);
      const json = agendaJson(rows, details.json);
      const jsonTime = await timeEach(() => agendaJson(rows, details.json));
      const gzipped = await gzipAsync(json);
      const gzipTime = await timeEach(() => gzipAsync(json));
      const brotli = (quality: number) => () =>
        brotliAsync(json, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length,
          },
        });
      const br4 = await brotli(4)();
      const br4Time = await timeEach(brotli(4));
      const br11 = await brotli(11)();
      // Seconds a run on a loaded machine, and only a comparison: a few samples are enough.
      const br11Time = await timeEach(brotli(11), BROTLI_11_SAMPLES);
      const networkTime = await timeEach(() => fetchRaw(`${base}/bench/memory`, gzipHeaders));

      // EXPLAIN ANALYZE of the statement exactly as the app sent it (text and parameters).
      const captured = counter.last();
      if (!captured) throw new Error('la app no envió la consulta de la agenda');
      let planning = NaN;
      let execution = NaN;
      let plan = '';
      for (let i = 0; i < 6; i += 1) {
        // The first runs warm the buffers; the last one is reported.
        const result = await explainClient.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS) ${captured.text}`,
          captured.values,
        );
        plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
        planning = Number(/Planning Time: ([\d.]+) ms/.exec(plan)?.[1]);
        execution = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]);
      }
      console.log(`EXPLAIN (ANALYZE, BUFFERS) de la consulta de la agenda:\n${plan}`);

      const loadAfter = loadRow('cold, after');
      const parts = sqlTime.p50 + jsonTime.p50 + gzipTime.p50 + networkTime.p50;
      return [
        loadAfter,
        {
          name: `cold: concerts returned (${USERS} fans in DB)`,
          value: rows.length,
          unit: 'concerts',
        },
        { name: 'cold: body as JSON', value: kb(json.length), unit: 'KB' },
        { name: 'cold: body gzip (what the app sends)', value: kb(gzipped.length), unit: 'KB' },
        {
          name: 'cold: body brotli q4 / q11',
          value: kb(br4.length),
          unit: `KB / ${kb(br11.length)} KB`,
        },
        {
          name: `cold: agenda statements sent per request (${2 * (SAMPLES + 10)} requests)`,
          value: round(agendaQueries / (2 * (SAMPLES + 10)), 2),
          unit: 'count',
        },
        {
          name: 'cold: GET /api/concerts gzip, one at a time: p50',
          value: endToEnd.p50,
          unit: 'ms',
          budget: '<= 20',
          ok: endToEnd.p50 <= 20,
        },
        {
          name: 'cold: GET /api/concerts gzip, one at a time: p99',
          value: endToEnd.p99,
          unit: 'ms',
        },
        { name: 'cold: same, no Accept-Encoding: p50', value: plainEndToEnd.p50, unit: 'ms' },
        { name: 'cold: same, no Accept-Encoding: p99', value: plainEndToEnd.p99, unit: 'ms' },
        {
          name: `cold: GET /api/concerts gzip, ${CONNECTIONS} connections: p50`,
          value: loaded.latency.p50,
          unit: 'ms',
          budget: '<= 20',
          ok: loaded.latency.p50 <= 20,
        },
        { name: `cold: ${CONNECTIONS} connections: p99`, value: loaded.latency.p99, unit: 'ms' },
        {
          name: `cold: ${CONNECTIONS} connections: throughput (${loaded.non2xx + loaded.errors} failed)`,
          value: Math.round(loaded.requests.average),
          unit: 'req/s',
        },
        {
          name: 'breakdown p50: agenda SQL via Kysely (findAgendaState)',
          value: sqlTime.p50,
          unit: 'ms',
        },
        { name: 'breakdown: agenda SQL EXPLAIN ANALYZE execution', value: execution, unit: 'ms' },
        { name: 'breakdown: agenda SQL EXPLAIN ANALYZE planning', value: planning, unit: 'ms' },
        {
          name: 'breakdown p50: concert details cold (catalog, kept 30 s even with caches off)',
          value: catalogTime.p50,
          unit: 'ms',
        },
        { name: 'breakdown p50: JSON building (agendaJson)', value: jsonTime.p50, unit: 'ms' },
        {
          name: 'breakdown p50: gzip (default level, as the app)',
          value: gzipTime.p50,
          unit: 'ms',
        },
        {
          name: 'breakdown p50: brotli quality 4 (not used by the agenda)',
          value: br4Time.p50,
          unit: 'ms',
        },
        {
          name: 'breakdown p50: brotli quality 11 (not used by the agenda)',
          value: br11Time.p50,
          unit: 'ms',
        },
        {
          name: 'breakdown p50: network (same gzip bytes from memory, loopback)',
          value: networkTime.p50,
          unit: 'ms',
        },
        {
          name: 'breakdown: rest of the p50 (session, user, passport, middleware)',
          value: round(endToEnd.p50 - parts, 2),
          unit: 'ms',
        },
      ];
    } finally {
      await explainClient.end();
      await app.close();
    }
  } finally {
    await database.dispose();
  }
}
