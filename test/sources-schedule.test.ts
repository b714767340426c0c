// The schedule: every instance ticks and works, yet each due source runs once. Two pg-boss
// instances on one database (two pools, as two app instances), both ticking at once.
import type PgBoss from 'pg-boss';
import { connectDatabase, type DatabaseHandle } from '../server/db/database.js';
import { stopBoss } from '../server/jobs/boss.js';
import { QUEUES } from '../server/jobs/queues.js';
import { createLogger } from '../server/lib/logger.js';
import { queueDueSources } from '../server/sources/import-schedule.js';
import { claimScheduledRun } from '../server/sources/sources.repository.js';
import { startQueue } from './fixtures/queue-workers.js';
import { movableClock, useTestApp } from './helpers/app.js';
import { rowsOf, useTestDatabase } from './helpers/db.js';
import { eventually } from './helpers/eventually.js';
import { useForFile } from './helpers/lifecycle.js';
import { liveJobs } from './helpers/queue.js';
import { CALENDAR, startSourcePeer, venueFeed } from './helpers/source-peer.js';
import {
  addSource,
  FIXTURE_NOW,
  fixtureVenues,
  signedInAdmin,
  SOURCE_TABLES,
} from './helpers/sources.js';

const database = useTestDatabase({ cleared: [...SOURCE_TABLES] });
const clock = movableClock(FIXTURE_NOW);
const testApp = useTestApp(() => ({
  database,
  clock: clock.clock,
  env: { IMPORT_ALLOW_PRIVATE_NETWORKS: 'true', IMPORT_INTERVAL_HOURS: '6' },
}));
const peer = useForFile('A venue’s web server', startSourcePeer, (made) => made.close());

beforeEach(async () => {
  peer.requests.length = 0;
  await fixtureVenues(database.db);
  peer.serve('/calendar.ics', { body: venueFeed(), type: CALENDAR });
});

it('a due source is claimed by exactly one of many workers asking at once', async () => {
  const admin = await signedInAdmin(testApp.app, database.db);
  const { id } = await addSource(admin, { url: peer.url('/calendar.ics'), name: 'Es Gremi' });
  const now = clock.clock();
  const next = new Date(now.getTime() + 6 * 3_600_000);
  const claims = await Promise.all(
    Array.from({ length: 6 }, () => claimScheduledRun(database.db, id, now, next)),
  );
  expect(claims.filter(Boolean)).toHaveLength(1);
  const [source] = await rowsOf(database.db, 'sources', { id });
  expect(source!.next_run_at).toEqual(next);
});

describe('two instances', () => {
  let second: DatabaseHandle;
  let bosses: PgBoss[] = [];

  beforeAll(() => {
    second = connectDatabase(database.url, 5);
  });
  afterAll(async () => {
    await second.close();
  });
  afterEach(async () => {
    for (const boss of bosses) await stopBoss(boss, 2000);
    bosses = [];
  });

  it('run a due source once, though both tick and work', async () => {
    const admin = await signedInAdmin(testApp.app, database.db);
    const { id } = await addSource(admin, { url: peer.url('/calendar.ics'), name: 'Es Gremi' });
    const log = createLogger('silent');
    const common = {
      config: testApp.config,
      mailer: testApp.mailer,
      log,
      clock: clock.clock,
      runner: testApp.recommendations,
    };
    for (const handle of [database, second]) {
      bosses.push(await startQueue({ ...common, db: handle.db, pool: handle.pool }));
    }
    // Both instances tick at once, twice.
    const ticks = await Promise.all(
      [...bosses, ...bosses].map((boss, i) =>
        queueDueSources({ db: i % 2 === 0 ? database.db : second.db, boss, clock: clock.clock }),
      ),
    );
    expect(ticks.every((count) => count <= 1)).toBe(true);
    await eventually(async () => {
      const runs = await rowsOf(database.db, 'source_runs', { source_id: id });
      return (
        runs.length === 1 &&
        runs[0]!.finished_at !== null &&
        (await liveJobs(database.db, QUEUES.sourceImport)) === 0
      );
    });
    const [run] = await rowsOf(database.db, 'source_runs', { source_id: id });
    expect([run!.trigger, run!.found, run!.waiting, run!.error]).toEqual(['schedule', 10, 2, null]);
    expect(peer.requests).toHaveLength(1);
    // Not due again until IMPORT_INTERVAL_HOURS later: a tick now sends nothing.
    expect(await queueDueSources({ db: database.db, boss: bosses[0]!, clock: clock.clock })).toBe(
      0,
    );
    clock.advance(6 * 3600);
    expect(await queueDueSources({ db: database.db, boss: bosses[0]!, clock: clock.clock })).toBe(
      1,
    );
    await eventually(
      async () => (await rowsOf(database.db, 'source_runs', { source_id: id })).length === 2,
    );
    await eventually(async () => (await liveJobs(database.db, QUEUES.sourceImport)) === 0);
  });
});
