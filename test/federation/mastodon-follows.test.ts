// Tried as a Mastodon server would, against the app listening on this machine: a signed Follow
// gets a signed Accept; a new concert arrives as a signed Create of an Event, a change as an
// Update, a cancellation as an Update named "CANCELADO", a deletion as a Delete; nothing after an
// Undo; unsigned and forged activities are refused and change nothing.
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { useTestDatabase } from '../helpers/db.js';
import { createBand, createConcert } from '../helpers/factories.js';
import { useFediverseApp } from '../helpers/fediverse-app.js';
import { startFediversePeer, type ReceivedActivity } from '../helpers/fediverse-peer.js';
import { useForFile } from '../helpers/lifecycle.js';
import { signedInAgent } from '../helpers/session.js';

const database = useTestDatabase({
  cleared: [
    'concert_band',
    'concerts',
    'federation_followers',
    'federation_concerts',
    'federation_activities',
    'federation_inboxes',
    'users',
  ],
});
const fedi = useFediverseApp(database);
const mastodon = useForFile(
  'A Mastodon-like server',
  () => startFediversePeer({ actors: ['ana', 'bea'] }),
  (peer) => peer.close(),
);

const agenda = () => `${fedi.origin}/ap/actors/agenda`;
const objectOf = (activity: ReceivedActivity) => activity.object as Record<string, unknown>;

/** Follows and waits for this Follow's own Accept (earlier tests' answers are still listed). */
async function followAgenda(who: string, actor = agenda()) {
  const followId = await mastodon.follow(who, actor);
  await mastodon.waitFor(
    (a) =>
      a.type === 'Accept' && a.actor === actor && JSON.stringify(a.json.object).includes(followId),
  );
}

it('a signed Follow of @agenda gets a signed Accept, and the follower is kept', async () => {
  const followId = await mastodon.follow('ana', agenda());
  const accept = await mastodon.waitFor((a) => a.type === 'Accept' && a.actor === agenda());
  expect(accept.signatureVerified).toBe(true);
  expect(JSON.stringify(accept.json.object)).toContain(followId);
  const rows = await database.db.selectFrom('federation_followers').selectAll().execute();
  expect(rows).toEqual([
    expect.objectContaining({ actor: 'agenda', follower: mastodon.actorUri('ana') }),
  ]);
});

it('a new concert arrives as a signed Create of an Event; a change as an Update; a cancellation says CANCELADO; a deletion is a Delete', async () => {
  await followAgenda('ana');
  const band = await createBand(database.db, { band_name: 'Los Planetas' });
  const concert = await createConcert(database.db, {
    bandIds: [band.id],
    genre: 'Indie',
    price: '18.00',
  });
  expect(await fedi.fediverse.publish()).toEqual({ created: 1, updated: 0, deleted: 0 });
  const create = await mastodon.waitFor((a) => a.type === 'Create');
  expect(create.actor).toBe(agenda());
  expect(objectOf(create)).toMatchObject({
    type: 'Event',
    id: `${fedi.origin}/conciertos/${concert.id}`,
    name: 'Los Planetas',
    startTime: '2030-01-01T20:00:00Z',
    location: { type: 'Place', name: 'Es Gremi' },
  });
  expect(String(objectOf(create).url)).toContain(`/conciertos/${concert.id}-`);

  // Nothing changed: nothing is sent again.
  expect(await fedi.fediverse.publish()).toEqual({ created: 0, updated: 0, deleted: 0 });

  await database.db
    .updateTable('concerts')
    .set({ hour: '22:30' })
    .where('id', '=', concert.id)
    .execute();
  expect(await fedi.fediverse.publish()).toEqual({ created: 0, updated: 1, deleted: 0 });
  const update = await mastodon.waitFor((a) => a.type === 'Update');
  expect(objectOf(update)).toMatchObject({ type: 'Event', startTime: '2030-01-01T21:30:00Z' });

  await database.db
    .updateTable('concerts')
    .set({ cancelled_at: new Date() })
    .where('id', '=', concert.id)
    .execute();
  await fedi.fediverse.publish();
  const cancelled = await mastodon.waitFor(
    (a) => a.type === 'Update' && String(objectOf(a).name).startsWith('CANCELADO'),
  );
  expect(objectOf(cancelled).name).toBe('CANCELADO: Los Planetas');

  await database.db.deleteFrom('concert_band').where('concert_id', '=', concert.id).execute();
  await database.db.deleteFrom('concerts').where('id', '=', concert.id).execute();
  expect(await fedi.fediverse.publish()).toEqual({ created: 0, updated: 0, deleted: 1 });
  const deletion = await mastodon.waitFor((a) => a.type === 'Delete');
  expect(JSON.stringify(deletion.json.object)).toContain(`/conciertos/${concert.id}`);
});

it('a genre actor is followed on its own and boosts the concerts of its genre', async () => {
  const jazz = `${fedi.origin}/ap/actors/jazz`;
  await followAgenda('bea', jazz);
  await createConcert(database.db, { genre: 'Rock' });
  const concert = await createConcert(database.db, { genre: 'Jazz' });
  await fedi.fediverse.publish();
  const boost = await mastodon.waitFor((a) => a.type === 'Announce');
  expect(boost.actor).toBe(jazz);
  expect(JSON.stringify(boost.json.object)).toContain(`/conciertos/${concert.id}`);
  await sleep(500);
  // Only the jazz concert: the rock one is not for bea.
  expect(mastodon.received.filter((a) => a.type === 'Announce')).toHaveLength(1);
});

it('nothing arrives after an Undo of the Follow', async () => {
  await followAgenda('ana');
  await mastodon.undoFollow('ana', agenda());
  for (let tries = 0; tries < 50; tries++) {
    const left = await database.db.selectFrom('federation_followers').selectAll().execute();
    if (left.length === 0) break;
    await sleep(100);
  }
  expect(await database.db.selectFrom('federation_followers').selectAll().execute()).toEqual([]);
  const before = mastodon.received.length;
  await createConcert(database.db, { genre: 'Pop' });
  expect((await fedi.fediverse.publish())?.created).toBe(1);
  await sleep(1000);
  expect(mastodon.received.slice(before).filter((a) => a.type === 'Create')).toEqual([]);
});

it('refuses unsigned and forged Follows with 401 and keeps no follower', async () => {
  const follow = (id: string) => ({
    '@context': 'https://www.w3.org/ns/activitystreams',
    type: 'Follow',
    id: `${mastodon.actorUri('ana')}#follows/${id}`,
    actor: mastodon.actorUri('ana'),
    object: agenda(),
  });
  const inbox = `${agenda()}/inbox`;
  const unsigned = await mastodon.post(inbox, follow('unsigned'), { as: 'ana', signature: 'none' });
  expect(unsigned.status).toBe(401);
  const forged = await mastodon.post(inbox, follow('forged'), { as: 'ana', signature: 'forged' });
  expect(forged.status).toBe(401);
  const tampered = await mastodon.post(inbox, follow('tampered'), {
    as: 'ana',
    signature: 'tampered',
  });
  expect(tampered.status).toBe(401);
  await sleep(300);
  expect(await database.db.selectFrom('federation_followers').selectAll().execute()).toEqual([]);
});

it('drops a follower whose account is gone (410) at the first delivery, and counts it for the overview', async () => {
  await followAgenda('bea');
  // A one-person server: no shared inbox, so the delivery knocks at bea's own inbox.
  await database.db.updateTable('federation_followers').set({ shared_inbox: null }).execute();
  mastodon.goneActors.add('bea');
  try {
    await createConcert(database.db, { genre: 'Funk' });
    await fedi.fediverse.publish();
    for (let tries = 0; tries < 100; tries++) {
      const left = await database.db.selectFrom('federation_followers').selectAll().execute();
      if (left.length === 0) break;
      await sleep(100);
    }
    expect(await database.db.selectFrom('federation_followers').selectAll().execute()).toEqual([]);
    const failing = await database.db.selectFrom('federation_inboxes').selectAll().execute();
    expect(failing).toEqual([
      expect.objectContaining({ inbox: mastodon.inboxUri('bea'), failures: 1 }),
    ]);
  } finally {
    mastodon.goneActors.delete('bea');
  }
});

it('the outbox lists what @agenda sent, newest first, and the overview counts followers per actor', async () => {
  await followAgenda('ana');
  const first = await createConcert(database.db, { genre: 'Blues' });
  await fedi.fediverse.publish();
  const second = await createConcert(database.db, { genre: 'Blues', day: '2030-02-01' });
  await fedi.fediverse.publish();
  const outbox = await request(fedi.app)
    .get('/ap/actors/agenda/outbox')
    .set('Accept', 'application/activity+json')
    .expect(200);
  expect(outbox.body.totalItems).toBe(2);
  const page = await request(fedi.app)
    .get(
      new URL(outbox.body.first as string).pathname + new URL(outbox.body.first as string).search,
    )
    .set('Accept', 'application/activity+json')
    .expect(200);
  const ids = (page.body.orderedItems as { object: { id: string } }[]).map(
    (item) => item.object.id,
  );
  expect(ids).toEqual([
    `${fedi.origin}/conciertos/${second.id}`,
    `${fedi.origin}/conciertos/${first.id}`,
  ]);

  const admin = (await signedInAgent(fedi.app, database.db, { is_admin: true })).agent;
  const overview = await admin.get('/api/admin/overview').expect(200);
  expect(overview.body.fediverse).toEqual({
    enabled: true,
    followers: [{ actor: 'agenda', count: 1 }],
    failingInboxes: 0,
    failedDeliveries: 0,
  });
});
