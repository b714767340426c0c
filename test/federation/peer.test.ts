// The fediverse peer (test/helpers/fediverse-peer.ts) against a second one: what the app's
// federation tests will rely on it for, checked between two real Fedify servers first.
import { Like, signObject } from '@fedify/fedify';
import { defined } from '../helpers/defined.js';
import { startFediversePeer, type FediversePeer } from '../helpers/fediverse-peer.js';

let agenda: FediversePeer; // a Gancio-like agenda
let reader: FediversePeer; // a Mastodon-like server whose user follows it

beforeAll(async () => {
  [agenda, reader] = await Promise.all([
    startFediversePeer({ actors: ['jazz'], type: 'Group' }),
    startFediversePeer({ actors: ['ana', 'bea'] }),
  ]);
});
afterAll(async () => {
  await Promise.all([agenda?.close(), reader?.close()]);
});

const host = (peer: FediversePeer) => new URL(peer.origin).host;

test('WebFinger then the actor document, with its inboxes and key', async () => {
  const actor = await reader.lookup(`jazz@${host(agenda)}`);
  expect(actor.id?.href).toBe(agenda.actorUri('jazz'));
  expect(actor.inboxId?.href).toBe(agenda.inboxUri('jazz'));
  expect(actor.endpoints?.sharedInbox?.href).toBe(agenda.sharedInboxUri());
  expect((await actor.getPublicKey())?.id?.href).toBe(`${agenda.actorUri('jazz')}#main-key`);
  await expect(reader.lookup(`nobody@${host(agenda)}`)).rejects.toThrow(/404/);
});

test('a signed Follow gets a signed Accept; then Events reach the follower; Undo stops them', async () => {
  const followId = await reader.follow('ana', agenda.actorUri('jazz'));
  const follow = await agenda.waitFor((a) => a.type === 'Follow' && a.id === followId);
  expect(follow).toMatchObject({
    actor: reader.actorUri('ana'),
    recipient: 'jazz',
    signatureVerified: true,
  });
  const accept = await reader.waitFor((a) => a.type === 'Accept');
  expect(accept.actor).toBe(agenda.actorUri('jazz'));
  expect(accept.object).toMatchObject({ id: followId, type: 'Follow' });
  expect(reader.followState(followId)).toBe('accepted');
  expect(agenda.followers('jazz')).toEqual([reader.actorUri('ana')]);

  const eventId = await agenda.publishEvent('jazz', {
    name: 'Trio de jazz al Jamboree',
    content: '<p>Standards i temes propis.</p>',
    startTime: '2025-07-12T21:30:00+02:00',
    endTime: '2025-07-12T23:30:00+02:00',
    location: { name: 'Jazz Voyeur Club', address: 'Carrer dels Apuntadors, 5, Palma' },
    image: { url: `${agenda.origin}/cartell.jpg` },
    tags: ['jazz'],
  });
  const create = await reader.waitFor((a) => a.type === 'Create');
  expect(create).toMatchObject({
    actor: agenda.actorUri('jazz'),
    recipient: null, // Mastodon-like: the shared inbox
    signatureVerified: true,
    object: {
      id: eventId,
      type: 'Event',
      name: 'Trio de jazz al Jamboree',
      startTime: '2025-07-12T21:30:00+02:00',
      location: {
        type: 'Place',
        name: 'Jazz Voyeur Club',
        address: 'Carrer dels Apuntadors, 5, Palma',
      },
      url: eventId,
      tag: [{ type: 'Hashtag', name: '#jazz' }],
    },
  });
  // The Event is served at its id: ActivityStreams to servers, a page to browsers.
  const asJson = await fetch(eventId, { headers: { Accept: 'application/activity+json' } });
  expect(await asJson.json()).toMatchObject({ id: eventId, type: 'Event' });
  const asPage = await fetch(eventId, { headers: { Accept: 'text/html' } });
  expect(await asPage.text()).toContain('<h1>Trio de jazz al Jamboree</h1>');

  await agenda.updateEvent('jazz', eventId, {
    name: 'Trio de jazz (canvi d’hora)',
    startTime: '2025-07-12T22:00:00+02:00',
  });
  const update = await reader.waitFor((a) => a.type === 'Update');
  expect(update.object).toMatchObject({ id: eventId, startTime: '2025-07-12T22:00:00+02:00' });
  await agenda.deleteEvent('jazz', eventId);
  const deleted = await reader.waitFor((a) => a.type === 'Delete');
  expect(deleted.object).toMatchObject({ id: eventId, type: 'Tombstone' });
  expect((await fetch(eventId, { headers: { Accept: 'application/activity+json' } })).status).toBe(
    410,
  );

  await reader.undoFollow('ana', agenda.actorUri('jazz'));
  await agenda.waitFor((a) => a.type === 'Undo' && a.actor === reader.actorUri('ana'));
  expect(agenda.followers('jazz')).toEqual([]);
  const before = reader.received.length;
  await agenda.publishEvent('jazz', {
    name: 'Ningú no ho veurà',
    startTime: '2025-08-01T20:00:00+02:00',
  });
  // The one bounded wait: a delivery that should not happen has nothing to wait for.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(reader.received.slice(before)).toEqual([]);
});

test.each(['none', 'forged', 'tampered'] as const)(
  'a POST with signature "%s" gets 401 and is not recorded',
  async (signature) => {
    const activity = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${reader.actorUri('bea')}#likes/${signature}`,
      type: 'Like',
      actor: reader.actorUri('bea'),
      object: agenda.actorUri('jazz'),
    };
    const refusedBefore = agenda.refused.length;
    expect(
      await reader.post(agenda.inboxUri('jazz'), activity, { as: 'bea', signature }),
    ).toMatchObject({ status: 401 });
    expect(agenda.received.some((a) => a.id === activity.id)).toBe(false);
    expect(agenda.refused.slice(refusedBefore)).toEqual([
      expect.objectContaining({ status: 401, signed: signature !== 'none' }),
    ]);
    // The same activity, validly signed, goes through: the 401 was the signature's doing.
    expect(await reader.post(agenda.inboxUri('jazz'), activity, { as: 'bea' })).toMatchObject({
      status: 202,
    });
    await agenda.waitFor((a) => a.id === activity.id);
  },
);

test('signed by one actor on behalf of another: 401', async () => {
  const activity = {
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${reader.actorUri('ana')}#likes/impersonated`,
    type: 'Like',
    actor: reader.actorUri('ana'),
    object: agenda.actorUri('jazz'),
  };
  expect(await reader.post(agenda.sharedInboxUri(), activity, { as: 'bea' })).toMatchObject({
    status: 401,
  });
  expect(agenda.received.some((a) => a.id === activity.id)).toBe(false);
});

test('an integrity proof without an HTTP signature: 401, as Mastodon and Gancio answer', async () => {
  const ed25519 = defined((await reader.keyPairs('bea'))[1], "bea's Ed25519 key");
  const like = new Like({
    id: new URL(`${reader.actorUri('bea')}#likes/proof-only`),
    actor: new URL(reader.actorUri('bea')),
    object: new URL(agenda.actorUri('jazz')),
  });
  const signed = await signObject(like, ed25519.privateKey, ed25519.keyId);
  const json = await signed.toJsonLd({ format: 'compact' });
  expect(json).toHaveProperty('proof');
  const answer = await reader.post(agenda.inboxUri('jazz'), json, { as: 'bea', signature: 'none' });
  expect(answer.status).toBe(401);
  expect(agenda.received.some((a) => a.id === like.id?.href)).toBe(false);
});

test('a gone actor answers 410; a failing inbox answers 500 the given number of times', async () => {
  agenda.goneActors.add('jazz');
  expect(
    (await fetch(agenda.actorUri('jazz'), { headers: { Accept: 'application/activity+json' } }))
      .status,
  ).toBe(410);
  agenda.goneActors.delete('jazz');

  reader.failInbox(2);
  const like = (n: number) => ({
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${agenda.actorUri('jazz')}#likes/${n}`,
    type: 'Like',
    actor: agenda.actorUri('jazz'),
    object: reader.actorUri('ana'),
  });
  const statuses = [];
  for (const n of [1, 2, 3])
    statuses.push((await agenda.post(reader.inboxUri('ana'), like(n), { as: 'jazz' })).status);
  expect(statuses).toEqual([500, 500, 202]);
});

test('waitFor says what arrived when nothing matches', async () => {
  await expect(reader.waitFor((a) => a.type === 'Announce', 100)).rejects.toThrow(
    /received: \[Accept from/,
  );
});
