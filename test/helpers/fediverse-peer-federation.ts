// The Fedify side of the fediverse peer (fediverse-peer.ts): actors with their keys, inboxes that
// only let through what Fedify verified, and Follow answered with a signed Accept, as Mastodon
// and Gancio do.
import {
  Accept,
  Activity,
  Application,
  createExponentialBackoffPolicy,
  createFederation,
  Endpoints,
  Follow,
  generateCryptoKeyPair,
  Group,
  InProcessMessageQueue,
  MemoryKvStore,
  Person,
  Reject,
  Service,
  Undo,
  type Federation,
  type InboxContext,
  type MessageQueueEnqueueOptions,
} from '@fedify/fedify';

export type ActorType = 'Person' | 'Group' | 'Application' | 'Service';

/** What the node:http bridge hands Fedify with each request (its `contextData`). */
export interface PeerRequestData {
  /** The request body as parsed JSON, for the record of what arrived. */
  json?: Record<string, unknown>;
  /** The URL the request was sent to. */
  url?: string;
}

/** An activity that reached one of the peer's inboxes and whose signature Fedify verified. */
export interface ReceivedActivity {
  type: string;
  id: string | null;
  actor: string | null;
  /** `object` as sent: an id, or the embedded object. */
  object: unknown;
  json: Record<string, unknown>;
  /** The inbox URL it was POSTed to. */
  inbox: string;
  /** The actor whose personal inbox it was; null for the shared inbox. */
  recipient: string | null;
  /** Always true: Fedify answers 401 before any listener runs when no signature checks out. */
  signatureVerified: true;
}

export interface Follower {
  id: string;
  inbox: string;
  sharedInbox: string | null;
  /** The id of the Follow it sent, which its Undo names. */
  followId: string;
}

export type FollowState = 'pending' | 'accepted' | 'rejected';

export interface PeerState {
  actorType: ActorType;
  actors: string[];
  /** What a Follow to one of the peer's actors gets back. */
  answerFollows: 'accept' | 'reject' | 'ignore';
  received: ReceivedActivity[];
  followers: Map<string, Map<string, Follower>>;
  /** The peer's own Follows, by their id. */
  follows: Map<string, { as: string; target: string; state: FollowState }>;
}

const ACTOR_CLASSES = { Person, Group, Application, Service };

/**
 * The in-process queue, but its delayed (retried) messages wait on timers that `close` clears:
 * Fedify's own keep jest's process alive for the whole backoff.
 */
class ClosableQueue extends InProcessMessageQueue {
  readonly timers = new Set<NodeJS.Timeout>();

  override enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    const delay = options?.delay?.total('millisecond') ?? 0;
    if (delay <= 0) return super.enqueue(message);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void super.enqueue(message);
    }, delay);
    this.timers.add(timer);
    return Promise.resolve();
  }

  close() {
    for (const timer of this.timers) clearTimeout(timer);
  }
}

export async function createPeerFederation(state: PeerState) {
  const queue = new ClosableQueue({ pollInterval: { seconds: 5 } });
  const federation: Federation<PeerRequestData> = createFederation<PeerRequestData>({
    kv: new MemoryKvStore(),
    // Only for what the peer sends on its own (the Accept of a Follow); the test's explicit
    // actions (follow, publishEvent...) are sent immediately so their failures surface.
    queue: { outbox: queue },
    manuallyStartQueue: true,
    // The app and the other peers live on 127.0.0.1.
    allowPrivateAddress: true,
    // A failed Accept is retried a few times quickly, not for hours.
    outboxRetryPolicy: createExponentialBackoffPolicy({
      initialDelay: { milliseconds: 200 },
      maxDelay: { seconds: 2 },
      maxAttempts: 5,
    }),
  });

  // Every actor has an RSA key (HTTP Signatures, as Mastodon) and an Ed25519 one (proofs).
  const keys = new Map<string, CryptoKeyPair[]>();
  for (const identifier of state.actors) {
    keys.set(identifier, [
      await generateCryptoKeyPair('RSASSA-PKCS1-v1_5'),
      await generateCryptoKeyPair('Ed25519'),
    ]);
  }

  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      if (!state.actors.includes(identifier)) return null;
      const pairs = await ctx.getActorKeyPairs(identifier);
      return new ACTOR_CLASSES[state.actorType]({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: `${identifier} (fediverse peer)`,
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        following: ctx.getFollowingUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        url: ctx.getActorUri(identifier),
        publicKey: pairs[0]?.cryptographicKey,
        assertionMethods: pairs.map((pair) => pair.multikey),
      });
    })
    .setKeyPairsDispatcher((_ctx, identifier) => keys.get(identifier) ?? []);

  federation.setFollowersDispatcher('/users/{identifier}/followers', (_ctx, identifier) => ({
    items: [...(state.followers.get(identifier)?.values() ?? [])].map((follower) => ({
      id: new URL(follower.id),
      inboxId: new URL(follower.inbox),
      endpoints: follower.sharedInbox ? { sharedInbox: new URL(follower.sharedInbox) } : null,
    })),
  }));
  federation.setOutboxDispatcher('/users/{identifier}/outbox', () => ({ items: [] }));
  federation.setFollowingDispatcher('/users/{identifier}/following', () => ({ items: [] }));

  federation
    .setInboxListeners('/users/{identifier}/inbox', '/inbox')
    // One listener for every type: Fedify calls the most specific one only.
    .on(Activity, async (ctx, activity) => {
      const json = ctx.data.json ?? {};
      state.received.push({
        type: typeof json.type === 'string' ? json.type : 'Activity',
        id: activity.id?.href ?? null,
        actor: activity.actorId?.href ?? null,
        object: json.object,
        json,
        inbox: ctx.data.url ?? '',
        recipient: ctx.recipient,
        signatureVerified: true,
      });
      if (activity instanceof Follow) await onFollow(ctx, activity, state);
      else if (activity instanceof Undo) onUndo(ctx, activity, state);
      else if (activity instanceof Accept || activity instanceof Reject) {
        const follow = activity.objectId && state.follows.get(activity.objectId.href);
        if (follow) follow.state = activity instanceof Accept ? 'accepted' : 'rejected';
      }
    });

  return { federation, closeQueue: () => queue.close() };
}

async function onFollow(ctx: InboxContext<PeerRequestData>, follow: Follow, state: PeerState) {
  const target = ctx.parseUri(follow.objectId);
  if (target?.type !== 'actor' || follow.id == null || state.answerFollows === 'ignore') return;
  const follower = await follow.getActor(ctx);
  if (follower?.id == null || follower.inboxId == null) return;
  const answer = { id: follow.id, actor: follower.id, object: ctx.getActorUri(target.identifier) };
  const Answer = state.answerFollows === 'accept' ? Accept : Reject;
  if (state.answerFollows === 'accept') {
    const followers = state.followers.get(target.identifier) ?? new Map<string, Follower>();
    state.followers.set(target.identifier, followers);
    followers.set(follower.id.href, {
      id: follower.id.href,
      inbox: follower.inboxId.href,
      sharedInbox: follower.endpoints?.sharedInbox?.href ?? null,
      followId: follow.id.href,
    });
  }
  await ctx.sendActivity(
    { identifier: target.identifier },
    follower,
    new Answer({
      id: new URL(`#answers/${crypto.randomUUID()}`, ctx.getActorUri(target.identifier)),
      actor: ctx.getActorUri(target.identifier),
      object: new Follow(answer),
    }),
  );
}

function onUndo(ctx: InboxContext<PeerRequestData>, undo: Undo, state: PeerState) {
  // The Follow is embedded (Mastodon, Fedify) or only named by its id.
  const object = (ctx.data.json ?? {}).object as Record<string, unknown> | string | undefined;
  const followId = typeof object === 'string' ? object : object?.id;
  for (const followers of state.followers.values()) {
    const follower = undo.actorId && followers.get(undo.actorId.href);
    if (follower && follower.followId === followId) followers.delete(follower.id);
  }
}
