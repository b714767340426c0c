// Our side of the fediverse, read as any server reads it: WebFinger, the actors, NodeInfo, a
// concert page as an Event, and an inbox that refuses what is not signed.
import request from 'supertest';
import { useTestDatabase } from '../helpers/db.js';
import { createBand, createConcert } from '../helpers/factories.js';
import { useFediverseApp } from '../helpers/fediverse-app.js';

const database = useTestDatabase({ cleared: ['concert_band', 'concerts', 'federation_followers'] });
const fedi = useFediverseApp(database);
const AS = 'application/activity+json';

it('WebFinger finds @agenda and its actor answers as a Service with a key', async () => {
  const host = new URL(fedi.origin).host;
  const finger = await request(fedi.app)
    .get(`/.well-known/webfinger?resource=acct:agenda@${host}`)
    .expect(200);
  const self = finger.body.links.find((link: { rel: string }) => link.rel === 'self');
  expect(self.href).toBe(`${fedi.origin}/ap/actors/agenda`);
  const actor = await request(fedi.app).get('/ap/actors/agenda').set('Accept', AS).expect(200);
  expect(actor.body).toMatchObject({
    type: 'Service',
    preferredUsername: 'agenda',
    name: 'Conciertos Mallorca',
    inbox: `${fedi.origin}/ap/actors/agenda/inbox`,
    outbox: `${fedi.origin}/ap/actors/agenda/outbox`,
    followers: `${fedi.origin}/ap/actors/agenda/followers`,
  });
  expect(actor.body.publicKey.publicKeyPem).toContain('BEGIN PUBLIC KEY');
  // The keys are made once: asked again, the same.
  const again = await request(fedi.app).get('/ap/actors/agenda').set('Accept', AS).expect(200);
  expect(again.body.publicKey.publicKeyPem).toBe(actor.body.publicKey.publicKeyPem);
});

it('answers for a genre actor and not for an unknown one', async () => {
  const jazz = await request(fedi.app).get('/ap/actors/jazz').set('Accept', AS).expect(200);
  expect(jazz.body.name).toBe('Conciertos Mallorca: Jazz');
  expect(jazz.body.summary).toContain('jazz');
  await request(fedi.app).get('/ap/actors/opera').set('Accept', AS).expect(404);
});

it('NodeInfo says what software speaks ActivityPub here', async () => {
  const links = await request(fedi.app).get('/.well-known/nodeinfo').expect(200);
  const href = new URL(links.body.links[0].href);
  const info = await request(fedi.app).get(href.pathname).expect(200);
  expect(info.body.software.name).toBe('conciertos-mallorca');
  expect(info.body.protocols).toEqual(['activitypub']);
});

it('a concert page asked for ActivityStreams is an Event; for HTML, the page', async () => {
  const band = await createBand(database.db, { band_name: 'Los Planetas' });
  const concert = await createConcert(database.db, {
    bandIds: [band.id],
    genre: 'Indie',
    price: '18.00',
  });
  const event = await request(fedi.app)
    .get(`/conciertos/${concert.id}`)
    .set('Accept', AS)
    .expect(200);
  expect(event.body).toMatchObject({
    type: 'Event',
    id: `${fedi.origin}/conciertos/${concert.id}`,
    name: 'Los Planetas',
    startTime: '2030-01-01T20:00:00Z',
    location: { type: 'Place', name: 'Es Gremi' },
  });
  expect(event.body.url).toMatch(new RegExp(`^${fedi.origin}/conciertos/${concert.id}-`));
  expect(JSON.stringify(event.body.tag)).toContain('#Indie');
  const page = await request(fedi.app).get(`/conciertos/${concert.id}`).set('Accept', 'text/html');
  expect(page.status).not.toBe(200 /* a redirect to the canonical page */);
  expect(page.headers['content-type'] ?? '').not.toContain('activity');
  await request(fedi.app).get('/conciertos/999999').set('Accept', AS).expect(404);
});

it('refuses an unsigned Follow with 401, and a body without a length or too big', async () => {
  const follow = {
    '@context': 'https://www.w3.org/ns/activitystreams',
    type: 'Follow',
    id: 'http://127.0.0.1:9/follows/1',
    actor: 'http://127.0.0.1:9/users/x',
    object: `${fedi.origin}/ap/actors/agenda`,
  };
  await request(fedi.app)
    .post('/ap/actors/agenda/inbox')
    .set('Content-Type', AS)
    .send(JSON.stringify(follow))
    .expect(401);
  await request(fedi.app)
    .post('/ap/inbox')
    .set('Content-Type', AS)
    .send('x'.repeat(300 * 1024))
    .expect(413);
  const followers = await database.db.selectFrom('federation_followers').selectAll().execute();
  expect(followers).toEqual([]);
});
