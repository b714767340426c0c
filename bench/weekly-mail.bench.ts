// The weekly mail: a 'real' campaign to 10,000 subscribed fans (each with recommendations in the
// next 14 days), started with startWeeklyCampaign and sent by the pg-boss worker (startWorkers,
// as in production) over SMTP to a local sink that only counts and drains the messages.
// The sink runs in this same process: its CPU and memory are inside the numbers below.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { systemClock } from '../server/lib/time.js';
import { startWeeklyCampaign } from '../server/weekly-mail/campaign.service.js';
import { BENCH_OWNER_EMAIL, generateDataset } from './dataset.js';
import { startBenchDatabase } from './lib/bench-database.js';
import { startCountingSmtpSink } from './lib/counting-smtp-sink.js';
import { startQueueWorkers } from './lib/bench-workers.js';
import { watchRss } from './lib/rss-watch.js';
import type { BenchResult } from './types.js';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const CONCERTS = 300;
const SAMPLE_MS = 100;
const TIMEOUT_MS = 15 * 60_000;
const MB = 1024 * 1024;

export async function run(): Promise<BenchResult[]> {
  const database = await startBenchDatabase(20);
  const sink = await startCountingSmtpSink();
  try {
    const { db } = database;
    // Concerts spread over the next 56 days: about a quarter fall in the mail's 14-day window.
    await generateDataset(db, { users: USERS, concerts: CONCERTS, passwordCost: 4 });
    // Only the fans: the concerts' owner account is subscribed by default.
    await db
      .updateTable('users')
      .set({ is_subscribed: false })
      .where('email', '=', BENCH_OWNER_EMAIL)
      .execute();
    const { rows: withContent } = await sql<{ n: number }>`
      SELECT count(DISTINCT r.user_id)::int AS n
      FROM user_concert_recommendations r JOIN concerts c ON c.id = r.concert_id
      WHERE r.score IN ('extreme', 'high', 'medium')
        AND c.day BETWEEN current_date AND current_date + 13
    `.execute(db);

    const { boss, stop } = await startQueueWorkers(database, { SMTP_URL: sink.url }, 2000);
    try {
      const rss = watchRss(SAMPLE_MS);
      const start = performance.now();
      let recipients = 0;
      try {
        const campaign = await startWeeklyCampaign({ db, boss, clock: systemClock }, 'real');
        if (!campaign.started) throw new Error('the campaign did not start');
        recipients = campaign.recipients;
        while (sink.received < recipients) {
          if (performance.now() - start > TIMEOUT_MS) {
            throw new Error(`only ${sink.received} of ${recipients} mails within ${TIMEOUT_MS} ms`);
          }
          await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
        }
      } finally {
        rss.stop();
      }
      const ms = performance.now() - start;
      const { rows: statuses } = await sql<{ status: string; n: number }>`
        SELECT status, count(*)::int AS n FROM mail_deliveries GROUP BY status ORDER BY status
      `.execute(db);
      const sent = statuses.find((row) => row.status === 'sent')?.n ?? 0;
      if (sent !== recipients || sink.received !== recipients) {
        throw new Error(
          `${recipients} recipients, ${sink.received} received, deliveries: ` +
            statuses.map((row) => `${row.status}=${row.n}`).join(', '),
        );
      }
      const peakMb = rss.peak / MB;
      return [
        {
          name: `weekly mail: fans with a match in the next 14 days (of ${USERS})`,
          value: withContent[0]!.n,
          unit: 'fans',
        },
        {
          name: 'weekly mail: mails received by the SMTP sink',
          value: sink.received,
          unit: 'mails',
        },
        {
          name: 'weekly mail: average mail size',
          value: Math.round(sink.bytes / sink.received),
          unit: 'bytes',
        },
        {
          name: `weekly mail: 'real' campaign, start → all ${recipients} received (1 worker)`,
          value: Number((ms / 1000).toFixed(1)),
          unit: 's',
          budget: '<= 60',
          ok: ms <= 60_000,
        },
        {
          name: 'weekly mail: throughput',
          value: Math.round(recipients / (ms / 1000)),
          unit: 'mails/s',
        },
        {
          name: 'weekly mail: RSS of this process when the campaign started',
          value: Math.round(rss.baseline / MB),
          unit: 'MB',
        },
        {
          name: `weekly mail: peak RSS while sending (every ${SAMPLE_MS} ms, sink in-process)`,
          value: Math.round(peakMb),
          unit: 'MB',
          budget: '<= 300',
          ok: peakMb <= 300,
        },
      ];
    } finally {
      await stop();
    }
  } finally {
    await sink.close();
    await database.dispose();
  }
}
