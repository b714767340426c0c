// Sources that fail: an error page, garbage, a server that never answers; each run is recorded
// with its Spanish reason and answers 200; a source failing IMPORT_MAX_FAILURES times in a row
// pauses itself and says why. Without IMPORT_ALLOW_PRIVATE_NETWORKS a loopback source is refused
// and never fetched.
import { createLogger } from '../server/lib/logger.js';
import { runSource } from '../server/sources/run-source.js';
import { createTestApp, movableClock, testConfig, useTestApp } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { useForFile } from './helpers/lifecycle.js';
import { CALENDAR, startSourcePeer, venueFeed } from './helpers/source-peer.js';
import {
  addSource,
  concertsNow,
  FIXTURE_NOW,
  fixtureVenues,
  runNow,
  signedInAdmin,
  SOURCE_TABLES,
  type Agent,
} from './helpers/sources.js';

const database = useTestDatabase({ cleared: [...SOURCE_TABLES] });
const clock = movableClock(FIXTURE_NOW);
const env = { IMPORT_ALLOW_PRIVATE_NETWORKS: 'true', IMPORT_MAX_FAILURES: '3' };
const testApp = useTestApp(() => ({ database, clock: clock.clock, env }));
const peer = useForFile('A source’s web server', startSourcePeer, (made) => made.close());

let admin: Agent;

beforeEach(async () => {
  peer.requests.length = 0;
  await fixtureVenues(database.db);
  admin = await signedInAdmin(testApp.app, database.db);
});

const sourceAt = async (pathname: string) =>
  (await addSource(admin, { url: peer.url(pathname), name: 'Sala que falla' })).id;

const lastRunOf = async () =>
  (await admin.get('/api/admin/sources').expect(200)).body.items[0] as {
    paused: boolean;
    pausedReason: string | null;
    consecutiveFailures: number;
    lastRun: { error: string | null; found: number };
  };

describe('a failing source', () => {
  it('an error page: the run answers 200 with the reason in Spanish, and is recorded', async () => {
    peer.serve('/feed.ics', { status: 500, body: 'Internal Server Error' });
    const run = await runNow(admin, await sourceAt('/feed.ics'));
    expect(run).toMatchObject({
      found: 0,
      created: 0,
      error: 'La fuente respondió con un error (HTTP 500).',
    });
    const source = await lastRunOf();
    expect(source.lastRun.error).toBe('La fuente respondió con un error (HTTP 500).');
    expect(source.consecutiveFailures).toBe(1);
    // In the reader's language.
    const catalan = await admin.get('/api/admin/sources').set('Accept-Language', 'ca').expect(200);
    expect(catalan.body.items[0].lastRun.error).toBe(
      'La font va respondre amb un error (HTTP 500).',
    );
  });

  it('garbage is no calendar and no page', async () => {
    peer.serve('/feed', { body: '\u0000\u0001garbage%%%', type: 'application/octet-stream' });
    expect((await runNow(admin, await sourceAt('/feed'))).error).toBe(
      'No se reconoce el formato: ni es un calendario iCalendar ni una página con eventos en JSON-LD.',
    );
    peer.serve('/broken.ics', {
      body: 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:nope',
      type: CALENDAR,
    });
    const broken = await addSource(admin, { url: peer.url('/broken.ics'), name: 'Rota' });
    expect((await runNow(admin, broken.id)).error).toBe(
      'La respuesta no es un calendario iCalendar válido.',
    );
  });

  it('a source that never answers times out', async () => {
    peer.serve('/slow.ics', { body: venueFeed(), type: CALENDAR, delayMs: 3000 });
    const id = await sourceAt('/slow.ics');
    const summary = await runSource(
      {
        db: database.db,
        pool: database.pool,
        config: testApp.config,
        clock: clock.clock,
        log: createLogger('silent'),
        mailer: testApp.mailer,
        runner: testApp.recommendations,
        fetchLimits: { timeoutMs: 300 },
      },
      id,
      'admin',
    );
    expect(summary.error?.id).toBe('error.source.timeout');
    expect((await lastRunOf()).lastRun.error).toBe(
      'La fuente no respondió a tiempo (15 segundos).',
    );
    expect(await concertsNow(database.db)).toEqual([]);
  });

  it('pauses itself after IMPORT_MAX_FAILURES failures in a row; un-pausing starts again', async () => {
    peer.serve('/feed.ics', { status: 503, body: 'Mantenimiento' });
    const id = await sourceAt('/feed.ics');
    for (let i = 0; i < 3; i += 1) await runNow(admin, id);
    let source = await lastRunOf();
    expect([source.paused, source.consecutiveFailures, source.pausedReason]).toEqual([
      true,
      3,
      'En pausa tras 3 fallos seguidos: La fuente respondió con un error (HTTP 503).',
    ]);
    // Paused: the schedule leaves it alone (nextRunAt null); an admin may still run it.
    expect((await admin.get('/api/admin/sources').expect(200)).body.items[0].nextRunAt).toBeNull();

    peer.serve('/feed.ics', { body: venueFeed(), type: CALENDAR });
    const resumed = await admin
      .patch(`/api/admin/sources/${id}`)
      .send({ paused: false })
      .expect(200);
    expect(resumed.body).toMatchObject({
      paused: false,
      pausedReason: null,
      consecutiveFailures: 0,
    });
    expect((await runNow(admin, id)).error).toBeNull();
    source = await lastRunOf();
    expect([source.paused, source.consecutiveFailures]).toEqual([false, 0]);
  });

  it('a good source runs on while another fails', async () => {
    peer.serve('/bad.ics', { status: 500, body: 'x' });
    peer.serve('/good.ics', { body: venueFeed(), type: CALENDAR });
    const bad = await sourceAt('/bad.ics');
    const good = (await addSource(admin, { url: peer.url('/good.ics'), name: 'Es Gremi' })).id;
    const [badRun, goodRun] = await Promise.all([runNow(admin, bad), runNow(admin, good)]);
    expect(badRun.error).not.toBeNull();
    expect([goodRun.error, goodRun.found, goodRun.waiting]).toEqual([null, 10, 2]);
  });
});

describe('private addresses', () => {
  const closed = useForFile(
    'An app without IMPORT_ALLOW_PRIVATE_NETWORKS',
    () => createTestApp({ database, clock: clock.clock }),
    (made) => made.mailer.close(),
  );

  it('are refused when a source is added, with a Spanish reason, and never fetched', async () => {
    peer.serve('/calendar.ics', { body: venueFeed(), type: CALENDAR });
    const agent = await signedInAdmin(closed.app, database.db);
    const refused = await agent
      .post('/api/admin/sources')
      .send({ url: peer.url('/calendar.ics'), name: 'Local' })
      .expect(400);
    expect(refused.body.error.message).toBe(
      'La dirección lleva a una red privada o a este mismo servidor, de donde no se importa.',
    );
    const metadata = await agent
      .post('/api/admin/sources')
      .send({ url: 'http://169.254.169.254/latest/meta-data/', name: 'Nube' })
      .expect(400);
    expect(metadata.body.error.message).toMatch(/red reservada/);
    // One added while the setting was on is refused at its run, again without a request.
    const { id } = await addSource(admin, { url: peer.url('/calendar.ics'), name: 'Local' });
    const run = await agent.post(`/api/admin/sources/${id}/run`).expect(200);
    expect(run.body.error).toBe(
      'La dirección lleva a una red privada o a este mismo servidor, de donde no se importa.',
    );
    expect(peer.requests).toEqual([]);
    expect(testConfig().import.allowPrivateNetworks).toBe(false);
  });
});
