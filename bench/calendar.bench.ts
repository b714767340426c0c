// The public calendar feed with 1,000 upcoming concerts (each with two bands and a venue), polled
// one request at a time as calendar apps do: the full answer, and a 304 to If-None-Match (which
// reads only the feed's version and never builds the body). Each poll comes from its own address,
// as many fans' calendar apps do, so the per-address limit on /calendario never answers for the
// feed. No budget.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { startBenchApp } from './lib/bench-app.js';
import { startBenchDatabase } from './lib/bench-database.js';
import { fetchRaw, kb, loadRow, percentile, round } from './lib/http-client.js';
import type { BenchResult } from './types.js';

const CONCERTS = 1000;
const REQUESTS = 200;
/** Distinct client addresses: well under the per-address limit per window (FEED_LIMIT). */
const ADDRESSES = 250;

async function timed(url: string, headers: Record<string, string>, expected: number) {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS + 10; i += 1) {
    const started = performance.now();
    const from = { 'X-Forwarded-For': `198.51.100.${i % ADDRESSES}`, ...headers };
    const res = await fetchRaw(url, from);
    const elapsed = performance.now() - started;
    if (res.status !== expected) throw new Error(`${url}: ${res.status}, se esperaba ${expected}`);
    if (i >= 10) samples.push(elapsed); // the first ones warm the JIT and the pool
    bytes = res.body.length;
  }
  return { samples, bytes };
}

export async function run(): Promise<BenchResult[]> {
  const database = await startBenchDatabase();
  try {
    // One statement per execute: parameters make each a prepared statement.
    const statements = [
      sql`INSERT INTO venues (id, name, town, address, lat, lon)
        VALUES (1, 'Es Gremi', 'Palma', 'Carrer del Gremi de Porgadors 16', 39.58, 2.65)`,
      sql`INSERT INTO bands (band_name, band_genres)
        SELECT 'Banda ' || n, ARRAY['Rock'] FROM generate_series(1, ${2 * CONCERTS}::int) n`,
      sql`INSERT INTO concerts (day, hour, venue, venue_id, genre, price, description_short)
        SELECT current_date + 1 + n / 5, time '21:00', 'Es Gremi', 1, 'Rock', 15,
          'Una noche de rock en Palma, con dos grupos de la isla y entradas a la venta en la puerta.'
        FROM generate_series(1, ${CONCERTS}::int) n`,
      sql`INSERT INTO concert_band (concert_id, band_id)
        SELECT c.id, b.id FROM concerts c JOIN bands b ON b.id IN (2 * c.id - 1, 2 * c.id)`,
    ];
    for (const statement of statements) await statement.execute(database.db);
    // Statistics, as autovacuum gives a live database: without them PostgreSQL joins the bands by
    // scanning the whole table once per concert, many times slower, and whichever runs first of
    // the 200s and the 304s paid for it.
    await sql`ANALYZE`.execute(database.db);
    const app = await startBenchApp(database, undefined, {
      caches: false,
      env: { TRUST_PROXY: '1' },
    });
    try {
      const url = `${app.base}/calendario/conciertos.ics`;
      const full = await timed(url, { 'Accept-Encoding': 'gzip' }, 200);
      const first = await fetch(url);
      const etag = first.headers.get('etag') ?? '';
      const raw = (await first.text()).length;
      const notModified = await timed(
        url,
        { 'Accept-Encoding': 'gzip', 'If-None-Match': etag },
        304,
      );
      const rows = (label: string, samples: number[]): BenchResult[] => [
        { name: `${label}: p50`, value: round(percentile(samples, 50), 2), unit: 'ms' },
        { name: `${label}: p99`, value: round(percentile(samples, 99), 2), unit: 'ms' },
      ];
      return [
        ...rows(`calendar feed, ${CONCERTS} concerts, 200 (gzip)`, full.samples),
        ...rows(`calendar feed, ${CONCERTS} concerts, 304 If-None-Match`, notModified.samples),
        { name: 'calendar feed size', value: kb(raw), unit: 'KB' },
        { name: 'calendar feed size, gzipped', value: kb(full.bytes), unit: 'KB' },
        loadRow('calendar'),
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.dispose();
  }
}
