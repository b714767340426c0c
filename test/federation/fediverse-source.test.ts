// A Gancio-like agenda followed as a source: the admin adds `@agenda@host`, we send a signed
// Follow and it accepts; its Create(Event) becomes a concert through the import pipeline (venue
// matched, published directly), its Update changes it, its Delete lists it as no longer announced;
// an account no source follows is ignored.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { useTestDatabase } from '../helpers/db.js';
import { useFediverseApp } from '../helpers/fediverse-app.js';
import { startFediversePeer } from '../helpers/fediverse-peer.js';
import { useForFile } from '../helpers/lifecycle.js';
import {
  concertsNow,
  FIXTURE_NOW,
  fixtureVenues,
  signedInAdmin,
  SOURCE_TABLES,
  type Agent,
} from '../helpers/sources.js';

const database = useTestDatabase({ cleared: [...SOURCE_TABLES] });
// The fixtures' concerts are in the autumn of 2030: the app reads them on FIXTURE_NOW.
const fedi = useFediverseApp(database, { clock: () => new Date(FIXTURE_NOW) });
const gancio = useForFile(
  'A Gancio-like agenda',
  () => startFediversePeer({ actors: ['agenda', 'other'], type: 'Application' }),
  (peer) => peer.close(),
);

let admin: Agent;
beforeEach(async () => {
  await fixtureVenues(database.db);
  admin = await signedInAdmin(fedi.app, database.db);
});

/** Polls until `check` holds (the inbox queues what arrives), or fails with the last value. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let tries = 0; tries < 100 && !check(value); tries++) {
    await sleep(100);
    value = await read();
  }
  if (!check(value)) throw new Error(`never came true; last: ${JSON.stringify(value)}`);
  return value;
}

const sourceRow = () => database.db.selectFrom('sources').selectAll().executeTakeFirstOrThrow();

async function followGancio() {
  const handle = `@agenda@${new URL(gancio.origin).host}`;
  const added = await admin
    .post('/api/admin/sources')
    .send({ url: handle, name: 'Agenda de Gancio', review: false, genre: 'Rock' })
    .expect(201);
  expect(added.body).toMatchObject({
    url: gancio.actorUri('agenda'),
    kind: 'fediverse',
    followState: 'pending',
    nextRunAt: null,
  });
  await eventually(sourceRow, (row) => row.follow_state === 'accepted');
  expect(gancio.followers('agenda')).toEqual([`${fedi.origin}/ap/actors/agenda`]);
}

it('a followed agenda’s Create(Event) becomes a concert; its Update changes it; its Delete lists it as no longer announced', async () => {
  await followGancio();
  const id = await gancio.publishEvent('agenda', {
    name: 'Maria Jaume',
    content: '<p>Presenta su nuevo disco.</p>',
    startTime: '2030-10-12T21:30:00+02:00',
    location: { name: 'Es Gremi', address: 'Carrer Gremi de Porgadors 16, Palma' },
    tags: ['Rock'],
  });
  const [concert] = await eventually(
    () => concertsNow(database.db),
    (rows) => rows.length === 1,
  );
  expect(concert).toMatchObject({
    day: '2030-10-12',
    hour: '21:30',
    venue: 'Es Gremi',
    genre: 'Rock',
    price: null,
    bandname: 'Maria Jaume',
    source_url: id,
  });

  await gancio.updateEvent('agenda', id, { startTime: '2030-10-12T22:00:00+02:00' });
  await eventually(
    () => concertsNow(database.db),
    (rows) => rows[0]?.hour === '22:00',
  );

  await gancio.deleteEvent('agenda', id);
  await eventually(
    () =>
      database.db.selectFrom('imported_events').select('missing_since').executeTakeFirstOrThrow(),
    (row) => row.missing_since !== null,
  );
  const list = await admin.get('/api/admin/sources').expect(200);
  expect(list.body.items[0]).toMatchObject({
    kind: 'fediverse',
    followState: 'accepted',
    missing: 1,
  });
});

it('ignores events from an account no source follows', async () => {
  await followGancio();
  const before = gancio.received.length;
  // 'other' is not followed: delivered straight to our shared inbox, signed, then ignored.
  const answer = await gancio.post(
    `${fedi.origin}/ap/inbox`,
    {
      '@context': 'https://www.w3.org/ns/activitystreams',
      type: 'Create',
      id: `${gancio.actorUri('other')}#create/1`,
      actor: gancio.actorUri('other'),
      object: {
        type: 'Event',
        id: `${gancio.origin}/users/other/events/1`,
        attributedTo: gancio.actorUri('other'),
        name: 'Nadie lo sigue',
        startTime: '2030-10-13T21:00:00+02:00',
        location: { type: 'Place', name: 'Es Gremi' },
      },
    },
    { as: 'other' },
  );
  expect(answer.status).toBeLessThan(300);
  await sleep(1000);
  expect(await concertsNow(database.db)).toEqual([]);
  expect(gancio.received.length).toBe(before);
});

it('refuses an account that cannot be found, in Spanish, and keeps nothing', async () => {
  const answer = await admin
    .post('/api/admin/sources')
    .send({ url: `@nadie@${new URL(gancio.origin).host}`, name: 'Nadie' })
    .expect(400);
  expect(answer.body.error.message).toBe(
    'No se encuentra esa cuenta del fediverso (escríbela como @agenda@servidor.org).',
  );
  expect(await database.db.selectFrom('sources').selectAll().execute()).toEqual([]);
});

it('refuses an account whose WebFinger answer is oversized, through the sources’ bounded GET', async () => {
  // A host whose WebFinger names a real actor, padded to 1 MB: read only up to the cap, refused.
  let served = 0;
  const host = createServer((request, response) => {
    served += 1;
    response.writeHead(200, { 'content-type': 'application/jrd+json' });
    const links = [{ rel: 'self', href: gancio.actorUri('agenda') }];
    response.end(JSON.stringify({ links, padding: 'x'.repeat(1024 * 1024) }));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = host.address() as AddressInfo;
    const answer = await admin
      .post('/api/admin/sources')
      .send({ url: `@agenda@127.0.0.1:${port}`, name: 'Enorme' })
      .expect(400);
    expect(answer.body.error.message).toBe(
      'No se encuentra esa cuenta del fediverso (escríbela como @agenda@servidor.org).',
    );
    expect(served).toBeGreaterThan(0);
    expect(await database.db.selectFrom('sources').selectAll().execute()).toEqual([]);
  } finally {
    host.closeAllConnections();
    await new Promise((resolve) => host.close(resolve));
  }
});
