// Lighthouse's SEO category (12.8.2, the npm package, system Chromium, default mobile
// config) on the BUILT app (`npm run build` first) with demo data: `/`, the public agenda
// `/conciertos` and a concert page. Budget: 100 on each. One run each (the SEO audits do not
// depend on timing); a failing audit is named in the row.
import { fileURLToPath } from 'node:url';
import type { ConcertListResponse } from '../common/concerts/types.js';
import { runLighthouse } from './lib/lighthouse-run.js';
import { withDemoServer } from './lib/server-process.js';
import type { BenchResult } from './types.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
async function seoOf(url: string): Promise<{ score: number; failing: string[] }> {
  const { lhr } = await runLighthouse(url, ['seo']);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const refs = lhr.categories.seo?.auditRefs ?? [];
  const failing = refs
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return { score: Math.round((lhr.categories.seo?.score ?? NaN) * 100), failing };
}

export async function run(): Promise<BenchResult[]> {
  return withDemoServer(repoRoot, 'seo', async ({ base }) => {
    const agenda = (await (await fetch(`${base}/api/concerts`)).json()) as ConcertListResponse;
    const first = agenda.concerts[0];
    if (!first) throw new Error('la agenda de demostración está vacía');
    const concertPage = await fetch(`${base}/conciertos/${first.id}`, { redirect: 'manual' });
    const location = concertPage.headers.get('location');
    if (!location) throw new Error(`/conciertos/${first.id}: ${concertPage.status}`);

    const rows: BenchResult[] = [];
    for (const [label, pagePath] of [
      ['/', '/'],
      ['/conciertos', '/conciertos'],
      ['a concert page', location],
    ] as const) {
      const { score, failing } = await seoOf(`${base}${pagePath}`);
      rows.push({
        name: `Lighthouse SEO: ${label}${failing.length > 0 ? ` (failing: ${failing.join(', ')})` : ''}`,
        value: score,
        unit: 'score',
        budget: '100',
        ok: score === 100,
      });
    }
    return rows;
  });
}
