// A concert's public page (/conciertos/<id>-<slug>): the server-rendered HTML with its head and
// JSON-LD, at 20 concurrent connections over 100 different concerts of an agenda of 1,000, on
// the built app when there is one (npm run build: index.html and the React renderer). Budget:
// p99 <= 20 ms once kept. Then the agenda /conciertos rendered anew (an address with a query is
// never kept), one request at a time: budget p50 <= 30 ms. The sitemap is timed too.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { generateDataset } from './dataset.js';
import { startBenchApp } from './lib/bench-app.js';
import { mainThreadCpuSeconds } from './lib/cpu-time.js';
import { startBenchDatabase } from './lib/bench-database.js';
import { kb, loadRow, percentile, round } from './lib/http-client.js';
import type { BenchResult } from './types.js';

const CONCERTS = 1_000;
const PAGES = 100;
const CONNECTIONS = 20;
const DURATION_S = 10;

const builtClient = fileURLToPath(new URL('../dist/client', import.meta.url));

export async function run(): Promise<BenchResult[]> {
  const database = await startBenchDatabase(20);
  try {
    const dataset = await generateDataset(database.db, {
      users: 50,
      concerts: CONCERTS,
      passwordCost: 4,
    });
    const clientDir = existsSync(path.join(builtClient, 'index.html')) ? builtClient : undefined;
    const app = await startBenchApp(database, undefined, { clientDir });
    try {
      // Each concert's canonical path, as a shared link would carry it (the bare id is a 301).
      const paths: string[] = [];
      for (const id of dataset.concertIds.slice(0, PAGES)) {
        const response = await fetch(`${app.base}/conciertos/${id}`, { redirect: 'manual' });
        const location = response.headers.get('location');
        if (response.status !== 301 || !location) throw new Error(`${id}: ${response.status}`);
        paths.push(location);
      }
      const first = await fetch(`${app.base}${paths[0]}`);
      const html = await first.text();
      if (!first.ok || !html.includes('application/ld+json'))
        throw new Error('page without JSON-LD');

      // The app's CPU time (this thread; autocannon runs in a worker) per request is its own cost,
      // which the machine's other work inflates far less than latency.
      let cpu = mainThreadCpuSeconds();
      const result = await autocannon({
        url: app.base,
        connections: CONNECTIONS,
        duration: DURATION_S,
        workers: 1, // the load in its own thread, the app in this one
        requests: paths.map((p) => ({ method: 'GET', path: p })),
      });
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${result.non2xx} non-2xx and ${result.errors} errors`);
      }
      const pageCpuUs = ((mainThreadCpuSeconds() - cpu) * 1e6) / result.requests.total;

      // The same stack answering a constant (robots.txt: no database, no rendering), in the same
      // run: on a shared machine this says how much of the figure is the page's own work.
      cpu = mainThreadCpuSeconds();
      const baseline = await autocannon({
        url: `${app.base}/robots.txt`,
        connections: CONNECTIONS,
        duration: DURATION_S,
        workers: 1,
      });
      const robotsCpuUs = ((mainThreadCpuSeconds() - cpu) * 1e6) / baseline.requests.total;

      // A first render of the agenda: with a query the page is rendered for each request (the
      // agenda's data itself comes from its kept answer, as for a first visitor after a change).
      const agendaMs: number[] = [];
      let agendaBytes = 0;
      for (let i = 0; i < 60; i++) {
        const started = performance.now();
        const agenda = await fetch(`${app.base}/conciertos?pagina=${1 + (i % 40)}`, {
          headers: { 'Accept-Encoding': i % 2 ? 'gzip, deflate, br' : 'identity' },
        });
        agendaBytes = (await agenda.arrayBuffer()).byteLength;
        if (!agenda.ok) throw new Error(`/conciertos: ${agenda.status}`);
        if (i >= 10) agendaMs.push(performance.now() - started); // the first ones warm the JIT
      }
      const agendaP50 = round(percentile(agendaMs, 50));

      const sitemapMs: number[] = [];
      let sitemapBytes = 0;
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        const sitemap = await fetch(`${app.base}/sitemap.xml`);
        sitemapBytes = (await sitemap.arrayBuffer()).byteLength;
        sitemapMs.push(performance.now() - started);
      }

      const p99 = result.latency.p99;
      return [
        {
          name: `concert page HTML p99 at ${CONNECTIONS} connections (${PAGES} pages, ${CONCERTS} concerts${clientDir ? ', built index.html' : ', no build'})`,
          value: p99,
          unit: 'ms',
          budget: '<= 20',
          ok: p99 <= 20,
        },
        { name: 'concert page HTML p50', value: result.latency.p50, unit: 'ms' },
        {
          name: 'concert page HTML throughput',
          value: round(result.requests.average),
          unit: 'req/s',
        },
        {
          name: "concert page: app's CPU time per request (main thread)",
          value: round(pageCpuUs),
          unit: 'µs',
        },
        {
          name: `baseline: robots.txt p99 at ${CONNECTIONS} connections, same app`,
          value: baseline.latency.p99,
          unit: 'ms',
        },
        {
          name: 'baseline: robots.txt throughput',
          value: round(baseline.requests.average),
          unit: 'req/s',
        },
        {
          name: "baseline: robots.txt, app's CPU time per request (main thread)",
          value: round(robotsCpuUs),
          unit: 'µs',
        },
        { name: 'concert page HTML size', value: kb(Buffer.byteLength(html)), unit: 'KB' },
        {
          name: `/conciertos rendered anew (${CONCERTS} concerts), p50 of 50 sequential`,
          value: agendaP50,
          unit: 'ms',
          budget: '<= 30',
          ok: agendaP50 <= 30,
        },
        {
          name: '/conciertos rendered anew, p99',
          value: round(percentile(agendaMs, 99)),
          unit: 'ms',
        },
        { name: '/conciertos HTML size (last, as sent)', value: kb(agendaBytes), unit: 'KB' },
        {
          name: `sitemap.xml of ${CONCERTS} concerts, p50 of 20 sequential`,
          value: round(percentile(sitemapMs, 50)),
          unit: 'ms',
        },
        { name: 'sitemap.xml size', value: kb(sitemapBytes), unit: 'KB' },
        loadRow('concert-page'),
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.dispose();
  }
}
