// The fediverse through Fedify: our actors (WebFinger, keys, followers, outbox), a concert as an
// `Event` at its page's address, NodeInfo, and the inbox (inbox.ts). Fedify signs, verifies,
// queues and retries; its key-value store and queue live in our PostgreSQL (@fedify/postgres), so
// instances share them and a delivery goes out once.
import {
  Activity,
  createFederation,
  Endpoints,
  Event,
  Image,
  Service,
  type Federation,
  type KvStore,
  type MessageQueue,
} from '@fedify/fedify';
import { findConcertPage } from '../concerts/concert-page.service.js';
import { ACTORS, actorProfile, AGENDA, genreOfActor, isOurActor } from './actors.js';
import { concertEvent, concertIdOfSegment } from './concert-event.js';
import type { FederationDeps } from './federation-deps.js';
import { countFollowers, findFollowerPage, type FollowerRow } from './followers.repository.js';
import { listenToInbox } from './inbox.js';
import { keyPairsOf } from './keys.js';
import { countActivities, countUpcoming, findActivityPage } from './published.repository.js';
import { madridDateTime } from '../lib/time.js';

export type AppFederation = Federation<FederationDeps>;

const PAGE = 100;
const VERSION = '1.0.0';

export const recipientOf = (row: FollowerRow) => ({
  id: new URL(row.follower),
  inboxId: new URL(row.inbox),
  endpoints: row.shared_inbox ? { sharedInbox: new URL(row.shared_inbox) } : null,
});

export function createAppFederation(options: {
  kv: KvStore;
  queue: MessageQueue;
  allowPrivateAddress: boolean;
  publicUrl: string;
  onOutboxError?: (error: Error) => void;
}): AppFederation {
  const federation = createFederation<FederationDeps>({
    kv: options.kv,
    queue: options.queue,
    manuallyStartQueue: true,
    allowPrivateAddress: options.allowPrivateAddress,
    origin: options.publicUrl,
    userAgent: { software: `ConciertosMallorca/${VERSION}`, url: new URL(options.publicUrl) },
    onOutboxError: options.onOutboxError,
  });

  federation
    .setActorDispatcher('/ap/actors/{identifier}', async (ctx, identifier) => {
      if (!isOurActor(identifier)) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      const { name, summary } = actorProfile(identifier);
      const genre = genreOfActor(identifier);
      const page = genre ? `/conciertos?genero=${encodeURIComponent(genre)}` : '/conciertos';
      return new Service({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name,
        summary,
        url: new URL(page, ctx.origin),
        icon: new Image({ url: new URL('/icon-512.png', ctx.origin), mediaType: 'image/png' }),
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        manuallyApprovesFollowers: false,
        discoverable: true,
        publicKey: keys[0]?.cryptographicKey,
        assertionMethods: keys.map((key) => key.multikey),
      });
    })
    .setKeyPairsDispatcher((ctx, identifier) =>
      isOurActor(identifier) ? keyPairsOf(ctx.data.db, identifier) : [],
    );

  federation
    .setFollowersDispatcher(
      '/ap/actors/{identifier}/followers',
      async (ctx, identifier, cursor) => {
        if (!isOurActor(identifier) || cursor === null) return null;
        const { rows, next } = await findFollowerPage(
          ctx.data.db,
          identifier,
          cursor === '' ? null : cursor,
          PAGE,
        );
        return { items: rows.map(recipientOf), nextCursor: next };
      },
    )
    .setCounter((ctx, identifier) => countFollowers(ctx.data.db, identifier))
    .setFirstCursor(() => '');

  federation
    .setOutboxDispatcher('/ap/actors/{identifier}/outbox', async (ctx, identifier, cursor) => {
      if (!isOurActor(identifier) || cursor === null) return null;
      const page = await findActivityPage(ctx.data.db, identifier, cursor || null, PAGE);
      const items = await Promise.all(
        page.activities.map((json) =>
          Activity.fromJsonLd(json, {
            documentLoader: ctx.documentLoader,
            contextLoader: ctx.contextLoader,
          }),
        ),
      );
      return { items, nextCursor: page.next };
    })
    .setCounter((ctx, identifier) => countActivities(ctx.data.db, identifier))
    .setFirstCursor(() => '');

  // A concert's page asked for ActivityStreams: the same Event the followers got.
  federation.setObjectDispatcher(Event, '/conciertos/{segment}', async (ctx, { segment }) => {
    const id = concertIdOfSegment(segment);
    if (id === undefined) return null;
    const { db, clock, config } = ctx.data;
    const concert = await findConcertPage(db, clock, id, { userId: undefined, locale: 'es' });
    return concert ? concertEvent(concert, config.publicUrl, ctx.getActorUri(AGENDA)) : null;
  });

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async (ctx) => ({
    software: {
      name: 'conciertos-mallorca',
      version: { major: 1, minor: 0, patch: 0 },
      homepage: new URL(ctx.origin),
    },
    protocols: ['activitypub'],
    openRegistrations: true,
    usage: {
      users: { total: ACTORS.length },
      localPosts: await countUpcoming(ctx.data.db, madridDateTime(ctx.data.clock()).day),
      localComments: 0,
    },
    metadata: { nodeName: 'Conciertos Mallorca' },
  }));

  listenToInbox(federation);
  return federation;
}
