// A remote fediverse server for the federation tests, on 127.0.0.1, built with Fedify itself:
// Mastodon-like actors (/users/{name}, a shared /inbox) with their own keys, which look the app up,
// follow it, answer its Follows with a signed Accept and, like a Gancio agenda, publish Events to
// their followers. Everything that reaches its inboxes with a verified signature is in `received`.
import { Create, Delete, Follow, isActor, Undo, type Actor } from '@fedify/fedify';
import {
  createPeerFederation,
  type ActorType,
  type Follower,
  type PeerState,
  type ReceivedActivity,
} from './fediverse-peer-federation.js';
import { listen, signedPost, type SignatureMode, type Trouble } from './fediverse-peer-http.js';
import { eventually } from './eventually.js';
import { eventDocument, type EventDocument, type EventFields } from './fediverse-peer-events.js';

export type { ActorType, EventFields, Follower, ReceivedActivity, SignatureMode };
export type { RefusedDelivery } from './fediverse-peer-http.js';

export interface FediversePeerOptions {
  actors: string[];
  type?: ActorType;
  /** What a Follow to one of its actors gets: a signed Accept (default), a Reject, or nothing. */
  answerFollows?: PeerState['answerFollows'];
  goneActors?: string[];
}

export type FediversePeer = Awaited<ReturnType<typeof startFediversePeer>>;

export async function startFediversePeer(options: FediversePeerOptions) {
  const state: PeerState = {
    actorType: options.type ?? 'Person',
    actors: options.actors,
    answerFollows: options.answerFollows ?? 'accept',
    received: [],
    followers: new Map(),
    follows: new Map(),
  };
  const trouble: Trouble = {
    goneActors: new Set(options.goneActors),
    failingInbox: { count: 0, status: 500 },
    refused: [],
  };
  const documents = new Map<string, EventDocument | null>();
  const { federation, closeQueue } = await createPeerFederation(state);
  const server = await listen(federation, trouble, documents);
  const { origin } = server;
  const ctx = federation.createContext(new URL(origin), {});
  const stopQueue = new AbortController();
  void federation.startQueue({}, { signal: stopQueue.signal });

  const actorUri = (name: string) => ctx.getActorUri(name).href;
  const signer = async (name: string) => {
    const [rsa] = await ctx.getActorKeyPairs(name);
    if (!rsa) throw new Error(`the peer has no actor "${name}"`);
    return { privateKey: rsa.privateKey, keyId: rsa.keyId };
  };
  const sender = (name: string) => ({ identifier: name });

  /**
   * An actor by handle ('agenda@127.0.0.1:3000', '@agenda@host', 'acct:agenda@host') or URL:
   * WebFinger, then the actor document. Fedify's lookupObject would ask WebFinger over https
   * only (acct: has no scheme), so the WebFinger step is done here, over http.
   */
  async function lookup(handleOrUri: string | URL): Promise<Actor> {
    let uri = handleOrUri.toString();
    const handle = /^(?:acct:|@)?([^@:/]+)@([^@/]+)$/.exec(uri);
    if (handle) {
      const resource = `acct:${handle[1]}@${handle[2]}`;
      const webfinger = `http://${handle[2]}/.well-known/webfinger?resource=${encodeURIComponent(resource)}`;
      const response = await fetch(webfinger, { headers: { Accept: 'application/jrd+json' } });
      if (!response.ok) throw new Error(`WebFinger ${webfinger} answered ${response.status}`);
      const jrd = (await response.json()) as {
        links?: { rel?: string; type?: string; href?: string }[];
      };
      const self = jrd.links?.find(
        (link) => link.rel === 'self' && /activity\+json|ld\+json/.test(link.type ?? ''),
      );
      if (!self?.href)
        throw new Error(`WebFinger for ${resource} has no self link: ${JSON.stringify(jrd)}`);
      uri = self.href;
    }
    const actor = await ctx.lookupObject(uri);
    if (!isActor(actor))
      throw new Error(`${uri} is not an actor: ${JSON.stringify(await actor?.toJsonLd())}`);
    return actor;
  }

  /** Sends a signed activity to one actor's personal inbox now; rejects if it is refused. */
  async function sendTo(
    as: string,
    target: string | URL,
    activity: Create | Delete | Follow | Undo,
  ) {
    const recipient = await lookup(target);
    await ctx.sendActivity(sender(as), recipient, activity, {
      immediate: true,
      preferSharedInbox: false,
    });
  }

  /** Delivers a Gancio-style activity (raw JSON, HTTP-signed) to every follower of `as`, once per shared inbox. */
  async function deliverToFollowers(as: string, activity: Record<string, unknown>) {
    const inboxes = new Set(
      [...(state.followers.get(as)?.values() ?? [])].map((f) => f.sharedInbox ?? f.inbox),
    );
    const key = await signer(as);
    for (const inbox of inboxes) {
      const { status, body } = await signedPost(inbox, activity, key, 'valid');
      if (status >= 300)
        throw new Error(`${inbox} refused ${String(activity.type)} (${status}): ${body}`);
    }
  }

  let events = 0;
  const activityId = (as: string, kind: string) => `${actorUri(as)}#${kind}/${crypto.randomUUID()}`;

  return {
    origin,
    actorUri,
    inboxUri: (name: string) => ctx.getInboxUri(name).href,
    sharedInboxUri: () => ctx.getInboxUri().href,
    /** Every activity that reached its inboxes with a verified signature, in order. */
    received: state.received,
    /** Inbox POSTs it refused: unsigned or forged (401, not in `received`), or failed on purpose. */
    refused: trouble.refused,
    goneActors: trouble.goneActors,
    /** The next `count` inbox POSTs (any inbox) answer `status`, then deliveries work again. */
    failInbox(count: number, status = 500) {
      trouble.failingInbox = { count, status };
    },
    lookup,
    /** An actor's key pairs (RSA first, then Ed25519), with their key ids: to sign by hand. */
    keyPairs: (name: string) => ctx.getActorKeyPairs(name),

    /** A signed Follow to `target`'s inbox; resolves with the Follow's id once it was accepted for delivery. */
    async follow(as: string, target: string | URL): Promise<string> {
      const id = activityId(as, 'follows');
      state.follows.set(id, { as, target: target.toString(), state: 'pending' });
      await sendTo(
        as,
        target,
        new Follow({ id: new URL(id), actor: new URL(actorUri(as)), object: new URL(target) }),
      );
      return id;
    },
    /** The state of a Follow it sent, as the target's Accept or Reject set it. */
    followState: (followId: string) => state.follows.get(followId)?.state,
    async undoFollow(as: string, target: string | URL): Promise<void> {
      const follow = [...state.follows].find(
        ([, f]) => f.as === as && f.target === target.toString(),
      );
      if (!follow) throw new Error(`${as} never followed ${target.toString()}`);
      state.follows.delete(follow[0]);
      const object = new Follow({
        id: new URL(follow[0]),
        actor: new URL(actorUri(as)),
        object: new URL(target),
      });
      await sendTo(
        as,
        target,
        new Undo({ id: new URL(activityId(as, 'undo')), actor: new URL(actorUri(as)), object }),
      );
    },
    /** Who follows `name` (each Follow it accepted, minus those undone). */
    followers: (name: string): string[] => [...(state.followers.get(name)?.keys() ?? [])],

    /** A raw POST of `json` to `inbox`, signed as `as` says (see signedPost). */
    async post(inbox: string | URL, json: unknown, how: { as: string; signature?: SignatureMode }) {
      return signedPost(inbox, json, await signer(how.as), how.signature ?? 'valid');
    },

    /** The first received activity `predicate` accepts, now or within `timeoutMs`. */
    waitFor(
      predicate: (activity: ReceivedActivity) => boolean,
      timeoutMs = 10_000,
    ): Promise<ReceivedActivity> {
      return eventually(() => {
        const found = state.received.find(predicate);
        if (found) return found;
        const arrived = state.received.map((a) => `${a.type} from ${a.actor} to ${a.inbox}`);
        const refused = trouble.refused.map((r) => `${r.status} at ${r.inbox}`);
        throw new Error(
          `no matching activity within ${timeoutMs} ms; received: [${arrived.join(', ')}]; refused: [${refused.join(', ')}]`,
        );
      }, timeoutMs);
    },

    /** As a Gancio agenda: stores the Event at its id and sends Create(Event) to every follower of `as`. */
    async publishEvent(as: string, fields: EventFields): Promise<string> {
      const path = `/users/${as}/events/${++events}`;
      const event = eventDocument(origin, as, path, fields);
      documents.set(path, event);
      await deliverToFollowers(as, event.activity('Create'));
      return event.json.id as string;
    },
    async updateEvent(as: string, id: string, fields: Partial<EventFields>): Promise<void> {
      const path = new URL(id).pathname;
      const old = documents.get(path);
      if (!old) throw new Error(`no event ${id}`);
      const event = eventDocument(
        origin,
        as,
        path,
        { ...old.fields, ...fields },
        old.json.published as string,
      );
      documents.set(path, event);
      await deliverToFollowers(as, event.activity('Update'));
    },
    async deleteEvent(as: string, id: string): Promise<void> {
      const path = new URL(id).pathname;
      const old = documents.get(path);
      if (!old) throw new Error(`no event ${id}`);
      documents.set(path, null);
      await deliverToFollowers(as, old.activity('Delete'));
    },

    async close() {
      stopQueue.abort();
      closeQueue();
      await server.close();
    },
  };
}
