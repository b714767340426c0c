// Lighthouse 12.8.2 (the npm package) with the system Chromium, its default config
// (mobile, simulated throttling), against the BUILT app (`npm run build` first) started as in
// production with demo data, 3 runs each of `/` and of `/myconcerts` signed in as the demo fan
// (the session cookie goes in `extraHeaders`). Printed: the median of the 3 runs, metric by metric
// (each run's figures go to stderr; the longest task also without Chromium's own navigation
// commit, see longestAfterCommit, and in the worst run), and the landing page's JavaScript
// (gzip), as landing-bundle.bench.ts counts it.
// BENCH_LIGHTHOUSE_REPORTS=<folder> also keeps each run's full report (JSON) there, to read the
// diagnostics behind a score.
//
// Then the public agenda /conciertos for a visitor, on the demo agenda as it is and then grown to
// 1,000 upcoming concerts (bench/lib/more-concerts.ts), same Lighthouse and flags, median of 3,
// and the JavaScript it loads (gzip). BENCH_LIGHTHOUSE_PAGES=/conciertos measures only that page.
//
// Also a concert's public page for a visitor: the first concert of /sitemap.xml, on the demo
// agenda as it is (before /conciertos grows it), same Lighthouse and flags, selected with the
// token `concierto` (or `/conciertos/:id`). Every page prints the JavaScript it loaded.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { entryFiles, staticClosure } from './landing-bundle.bench.js';
import { signInDemoFan } from './lib/demo-fan.js';
import { loadRow } from './lib/http-client.js';
import { runLighthouse } from './lib/lighthouse-run.js';
import { growUpcomingConcerts } from './lib/more-concerts.js';
import { withDemoServer } from './lib/server-process.js';
import type { BenchResult } from './types.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** BENCH_LIGHTHOUSE_PAGES=/conciertos (comma-separated) measures only those pages. */
const PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
/** Either token selects the concert page, whose path is only known once the server is up. */
const CONCERT_TOKENS = ['concierto', '/conciertos/:id'];
/** The public agenda's budget is for the agenda with this many upcoming concerts. */
const AGENDA_CONCERTS = 1_000;

interface RunFigures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** The JavaScript the page loaded: bytes on the wire, and its files gzipped (-9) as built. */
  scriptTransferKb: number;
  scriptGzipKb: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  /** The longest main-thread task of the load, as Lighthouse simulates it (4x slower CPU). */
  longestTaskMs: number;
  /** The same without Chromium's navigation commit (see longestAfterCommit). */
  longestAppTaskMs: number;
  /**
   * Lighthouse's own measure of this machine's CPU speed at the time of the run. On a shared machine it
   * moves from run to run, and the scores with it: read them together.
   */
  benchmarkIndex: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** The same-origin scripts of Lighthouse's network list, and their total transfer size. */
function scriptsOf(details: unknown): { files: string[]; transferKb: number } {
  const items =
    (details as { items?: { url?: string; resourceType?: string; transferSize?: number }[] })
      ?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === 'Script' && item.url);
  const clientDir = path.join(repoRoot, 'dist/client');
  return {
    files: scripts
      .map((item) => path.join(clientDir, new URL(item.url!).pathname)) // filtered on url above
      .filter((file) => existsSync(file)),
    transferKb: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
  };
}

const gzipKbOf = (files: string[]) =>
  files.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0) / 1024;

interface LongTask {
  url?: string;
  startTime?: number;
  duration?: number;
}

const longTasksOf = (details: unknown): LongTask[] =>
  [...((details as { items?: LongTask[] } | undefined)?.items ?? [])].sort(
    (a, b) => (a.startTime ?? 0) - (b.startTime ?? 0),
  );

const longest = (tasks: LongTask[]) => Math.max(0, ...tasks.map((task) => task.duration ?? 0));

const attributed = (task: LongTask) => Boolean(task.url) && task.url !== 'Unattributable';

/**
 * The page's first task is Chromium committing the navigation: it creates the page's JavaScript
 * context before any of the app's code is there, so Lighthouse attributes it to no file. It is
 * taken to be the first long task when that one has no file and comes before any that has one
 * (docs/decisions/0014-long-task-budget-after-the-navigation-commit.md). The longest task
 * without it is the app's own (its HTML and styles, its modules, its renders once the data is in).
 */
function longestAfterCommit(tasks: LongTask[]): number {
  const firstAttributed = tasks.find(attributed)?.startTime ?? Infinity;
  const [first, ...rest] = tasks;
  const isCommit = first && !attributed(first) && (first.startTime ?? 0) < firstAttributed;
  return longest(isCommit ? rest : tasks);
}

let reportCount = 0;

function keepReport(url: string, report: string | string[]): void {
  if (!REPORTS_DIR) return;
  mkdirSync(REPORTS_DIR, { recursive: true });
  reportCount += 1;
  const page = new URL(url).pathname.replace(/\W+/g, '_') || '_';
  const file = path.join(REPORTS_DIR, `lighthouse${page}-${reportCount}.json`);
  writeFileSync(file, Array.isArray(report) ? report.join('\n') : report);
}

async function lighthouseOnce(url: string, cookie?: string): Promise<RunFigures> {
  const result = await runLighthouse(url, CATEGORIES, cookie);
  const { lhr } = result;
  keepReport(url, result.report);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  // A page that ended elsewhere (a redirect to sign-in) would measure the wrong page.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${url} terminó en ${lhr.finalDisplayedUrl}`);
  }
  const scripts = scriptsOf(lhr.audits['network-requests']?.details);
  const longTasks = longTasksOf(lhr.audits['long-tasks']?.details);
  return {
    scriptTransferKb: Math.round(scripts.transferKb * 10) / 10,
    scriptGzipKb: Math.round(gzipKbOf(scripts.files) * 10) / 10,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    cls: numeric('cumulative-layout-shift'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    longestTaskMs: longest(longTasks),
    longestAppTaskMs: longestAfterCommit(longTasks),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

let retries = 0;

/** Lighthouse sometimes loses its trace on a loaded machine (NO_NAVSTART): such a run is redone. */
async function withRetries<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts) throw error;
      retries += 1;
      console.log(`lighthouse: run redone after: ${(error as Error).message}`);
    }
  }
}

function landingJsKb(): number {
  const clientDir = path.join(repoRoot, 'dist/client');
  return gzipKbOf(
    staticClosure(entryFiles(readFileSync(path.join(clientDir, 'index.html'), 'utf8'))),
  );
}

/**
 * A concert's canonical path (/conciertos/<id>-<slug>) as a crawler finds it: the first concert
 * <loc> of the sitemap, which lists the upcoming ones in agenda order. Taken as a path, so the
 * page is asked of `base` whatever PUBLIC_URL the sitemap was written with.
 */
async function firstConcertPath(base: string): Promise<string> {
  const response = await fetch(`${base}/sitemap.xml`);
  if (!response.ok) throw new Error(`/sitemap.xml: ${response.status}`);
  for (const [, loc] of (await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const pathname = new URL(loc!).pathname; // the group always matches
    if (/^\/conciertos\/\d+-[^/]+$/.test(pathname)) return pathname;
  }
  throw new Error('/sitemap.xml no lista ningún concierto');
}

/** The budgets of every page: a score of 100 for these, and the web vitals below. */
const PERFECT = ['accessibility', 'best-practices'] as const;
const LCP_BUDGET_MS = 2_000;
const TBT_BUDGET_MS = 200;

function rowsFor(
  page: string,
  runs: RunFigures[],
  performanceBudget: number,
  { jsBudgetKb, seoBudget }: { jsBudgetKb?: number; seoBudget?: number } = {},
): BenchResult[] {
  const m = (pick: (run: RunFigures) => number) => median(runs.map(pick));
  const perf = m((r) => r.scores.performance);
  const cls = m((r) => r.cls);
  const lcp = Math.round(m((r) => r.lcpMs));
  const tbt = Math.round(m((r) => r.tbtMs));
  const seo = m((r) => r.scores.seo);
  const appTask = m((r) => r.longestAppTaskMs);
  const js = m((r) => r.scriptGzipKb);
  return [
    {
      name: `lighthouse ${page}: performance (median of ${runs.length})`,
      value: perf,
      unit: 'score',
      budget: `>= ${performanceBudget}`,
      ok: perf >= performanceBudget,
    },
    ...PERFECT.map((category) => {
      const score = m((r) => r.scores[category]);
      return {
        name: `lighthouse ${page}: ${category}`,
        value: score,
        unit: 'score',
        budget: '100',
        ok: score === 100,
      };
    }),
    {
      name: `lighthouse ${page}: SEO`,
      value: seo,
      unit: 'score',
      ...(seoBudget === undefined ? {} : { budget: `>= ${seoBudget}`, ok: seo >= seoBudget }),
    },
    {
      // In thousandths: the table prints one decimal.
      name: `lighthouse ${page}: CLS x 1000`,
      value: Math.round(cls * 1000),
      unit: '',
      budget: '<= 20',
      ok: cls <= 0.02,
    },
    {
      name: `lighthouse ${page}: LCP`,
      value: lcp,
      unit: 'ms',
      budget: `<= ${LCP_BUDGET_MS}`,
      ok: lcp <= LCP_BUDGET_MS,
    },
    {
      name: `lighthouse ${page}: TBT`,
      value: tbt,
      unit: 'ms',
      budget: `<= ${TBT_BUDGET_MS}`,
      ok: tbt <= TBT_BUDGET_MS,
    },
    {
      name: `lighthouse ${page}: longest task`,
      value: Math.round(m((r) => r.longestTaskMs)),
      unit: 'ms',
    },
    {
      name: `lighthouse ${page}: longest task after the navigation's commit`,
      value: Math.round(appTask),
      unit: 'ms',
      budget: '<= 100',
      ok: appTask <= 100,
    },
    {
      name: `lighthouse ${page}: longest task after the navigation's commit, worst run`,
      value: Math.round(Math.max(...runs.map((r) => r.longestAppTaskMs))),
      unit: 'ms',
    },
    {
      name: `lighthouse ${page}: host CPU benchmarkIndex (median; each run's on its line)`,
      value: m((r) => r.benchmarkIndex),
      unit: '',
    },
    // Every page's, so builds can be compared page by page; budgeted where a budget was set.
    {
      name: `lighthouse ${page}: JavaScript loaded (gzip -9 of its files, median)`,
      value: js,
      unit: 'KB',
      ...(jsBudgetKb === undefined ? {} : { budget: `<= ${jsBudgetKb}`, ok: js <= jsBudgetKb }),
    },
    {
      name: `lighthouse ${page}: JavaScript transferred (as served, median)`,
      value: m((r) => r.scriptTransferKb),
      unit: 'KB',
    },
  ];
}

export async function run(): Promise<BenchResult[]> {
  return withDemoServer(repoRoot, 'lighthouse', async ({ server, base, dataDir, postgresPort }) => {
    const cookie =
      PAGES && !PAGES.includes('/myconcerts')
        ? undefined
        : await signInDemoFan(base, server.output());
    const results: BenchResult[] = [];
    const measure = async (page: string, pageCookie: string | undefined) => {
      const runs: RunFigures[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const figures = await withRetries(() => lighthouseOnce(`${base}${page}`, pageCookie));
        console.log(`lighthouse ${page} run ${i + 1}: ${JSON.stringify(figures)}`);
        runs.push(figures);
      }
      return runs;
    };
    // Public pages >= 97 with SEO 100, a fan's agenda >= 95; JavaScript before the
    // first interaction <= 100 KB on the landing, <= 120 KB on the agenda pages.
    if (!PAGES || PAGES.includes('/')) {
      results.push(
        ...rowsFor('/', await measure('/', undefined), 97, { jsBudgetKb: 100, seoBudget: 100 }),
      );
    }
    if (!PAGES || PAGES.includes('/myconcerts')) {
      results.push(
        ...rowsFor('/myconcerts', await measure('/myconcerts', cookie), 95, { jsBudgetKb: 120 }),
      );
    }
    // A concert's page for a visitor, before the agenda grows: a demo concert as it is shared.
    if (!PAGES || PAGES.some((token) => CONCERT_TOKENS.includes(token))) {
      // Labelled by its route: the slug carries the concert's date, which moves with the demo data.
      const runs = await measure(await firstConcertPath(base), undefined);
      results.push(...rowsFor('/conciertos/:id', runs, 97, { seoBudget: 100 }));
    }
    // The public agenda for a visitor: the demo agenda as it is, then a season's worth of concerts.
    if (!PAGES || PAGES.includes('/conciertos')) {
      results.push(
        ...rowsFor('/conciertos (demo agenda)', await measure('/conciertos', undefined), 97, {
          jsBudgetKb: 120,
          seoBudget: 100,
        }),
      );
      const upcoming = await growUpcomingConcerts({ dataDir, postgresPort }, AGENDA_CONCERTS);
      if (upcoming < AGENDA_CONCERTS) throw new Error(`solo ${upcoming} conciertos próximos`);
      const page = `/conciertos (${upcoming} upcoming)`;
      results.push(
        ...rowsFor(page, await measure('/conciertos', undefined), 97, {
          jsBudgetKb: 120,
          seoBudget: 100,
        }),
      );
    }
    results.push({ name: 'lighthouse: runs redone (lost trace)', value: retries, unit: 'count' });
    results.push(loadRow('lighthouse, after'));
    const landingKb = landingJsKb();
    results.push({
      name: 'lighthouse: landing JS (gzip -9, static imports of index.html)',
      value: Number(landingKb.toFixed(1)),
      unit: 'KB',
      budget: '<= 100',
      ok: landingKb <= 100,
    });
    return results;
  });
}
