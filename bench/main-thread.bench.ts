// The main thread while a page loads, read from Chromium's own trace rather than from Lighthouse's
// simulation: on a shared machine a Lighthouse score moves from run to run with the host's speed,
// too much to tell a 50 ms change apart (docs/decisions/0014). The built app (`npm run build`
// first) with demo data, as in production; `/` for a visitor and `/myconcerts` for the signed-in
// demo fan, each loaded BENCH_MAIN_THREAD_RUNS times (9), every time in a new Debian Chromium,
// phone-sized, without CPU throttling. Printed, as medians over the runs: the longest task of the
// page's main thread, the task that evaluates the app's modules, every task together, and the tasks
// over 50 ms, and the blocking time after the first contentful paint as Lighthouse would count it
// on its phone, 4 times slower: the sum of 4 x task - 50 ms over the tasks that start after the
// paint (Lighthouse's TBT also stops at its time to interactive; this counts to the end of the
// trace). `/conciertos` is loaded by a visitor.
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { signInDemoFan } from './lib/demo-fan.js';
import { loadRow } from './lib/http-client.js';
import { withDemoServer } from './lib/server-process.js';
import type { BenchResult } from './types.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_MAIN_THREAD_RUNS ?? 9);
/** Tasks this long block input: Lighthouse's long task, and TBT counts what is beyond it. */
const LONG_TASK_MS = 50;
/** Lighthouse's mobile CPU slowdown. */
const PHONE_SLOWDOWN = 4;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string; documentLoaderURL?: string }; beginData?: { url?: string } };
}

interface LoadFigures {
  longestTaskMs: number;
  moduleEvaluationMs: number;
  totalTaskMs: number;
  longTasks: number;
  blockingAfterPaintMs: number;
}

/**
 * One load of `url` in a browser of its own (cold: no HTTP cache and no compiled code kept from an
 * earlier load, as a first visit and as Lighthouse load it), traced from the browser's side so the
 * page's renderer is seen from its first task; the figures of the page's main thread.
 */
async function traceLoad(url: string, cookie?: string): Promise<LoadFigures> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    if (cookie) {
      const equals = cookie.indexOf('=');
      await context.addCookies([
        { name: cookie.slice(0, equals), value: cookie.slice(equals + 1), url },
      ]);
    }
    const page = await context.newPage();
    const cdp = await browser.newBrowserCDPSession();
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (message) =>
      events.push(...(message.value as unknown as TraceEvent[])),
    );
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories:
        'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,loading',
      transferMode: 'ReportEvents',
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1_000); // the agenda's later slices render when the page is idle
    await cdp.send('Tracing.end');
    await complete;
    return figuresOf(events, url);
  } finally {
    await browser.close();
  }
}

function figuresOf(events: TraceEvent[], url: string): LoadFigures {
  // The page's main thread is the one that started its navigation or parsed its HTML.
  const { origin } = new URL(url);
  const main = events.find(
    (e) =>
      (e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith(origin)) ||
      (e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(origin)),
  );
  if (!main) throw new Error(`no se encontró el hilo principal de ${url} en la traza`);
  const onPage = (e: TraceEvent) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X';
  const ms = (e: TraceEvent) => (e.dur ?? 0) / 1000;
  const tasks = events.filter((e) => onPage(e) && e.name === 'RunTask');
  const evaluations = events.filter((e) => onPage(e) && e.name === 'v8.evaluateModule');
  const firstPaint = events.find(
    (e) => e.name === 'firstContentfulPaint' && e.pid === main.pid && e.tid === main.tid,
  );
  // A trace without it would count no blocking at all: such a load is done again (see run()).
  if (!firstPaint) throw new Error(`no se encontró la primera pintura de ${url} en la traza`);
  const afterPaint = tasks.filter((task) => task.ts >= firstPaint.ts);
  const taskOf = (inner: TraceEvent) =>
    tasks.find((t) => t.ts <= inner.ts && inner.ts < t.ts + (t.dur ?? 0));
  return {
    longestTaskMs: Math.max(0, ...tasks.map(ms)),
    // The app's own modules are the first evaluated: the task around that.
    moduleEvaluationMs: evaluations[0] ? ms(taskOf(evaluations[0]) ?? evaluations[0]) : 0,
    totalTaskMs: tasks.reduce((sum, task) => sum + ms(task), 0),
    longTasks: tasks.filter((task) => ms(task) > LONG_TASK_MS).length,
    blockingAfterPaintMs: afterPaint.reduce(
      (sum, task) => sum + Math.max(0, PHONE_SLOWDOWN * ms(task) - LONG_TASK_MS),
      0,
    ),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function rowsFor(page: string, runs: LoadFigures[]): BenchResult[] {
  const row = (what: string, pick: (run: LoadFigures) => number, unit = 'ms'): BenchResult => ({
    name: `main thread ${page}: ${what} (median of ${runs.length})`,
    value: Math.round(median(runs.map(pick))),
    unit,
  });
  return [
    row('longest task', (run) => run.longestTaskMs),
    row("task evaluating the app's modules", (run) => run.moduleEvaluationMs),
    row('all tasks', (run) => run.totalTaskMs),
    row(`tasks over ${LONG_TASK_MS} ms`, (run) => run.longTasks, 'count'),
    row('blocking after the first paint, 4x slower', (run) => run.blockingAfterPaintMs),
  ];
}

export async function run(): Promise<BenchResult[]> {
  return withDemoServer(repoRoot, 'main-thread', async ({ server, base }) => {
    const cookie = await signInDemoFan(base, server.output());
    const results: BenchResult[] = [];
    for (const [page, pageCookie] of [
      ['/', undefined],
      ['/myconcerts', cookie],
      ['/conciertos', undefined],
    ] as const) {
      const runs: LoadFigures[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        // A trace now and then misses the page's first events: such a load is done again.
        const load = () => traceLoad(`${base}${page}`, pageCookie);
        const figures = await load().catch(load);
        console.log(`main thread ${page} run ${i + 1}: ${JSON.stringify(figures)}`);
        runs.push(figures);
      }
      results.push(...rowsFor(page, runs));
    }
    results.push(loadRow('main thread, after'));
    return results;
  });
}
