// Fediverse agendas as sources: an admin adds `@agenda@gancio.example`, we follow it from our
// `agenda` actor, and the events it sends (Create, Update, Delete) go through the same import
// pipeline as a calendar's. Activities from accounts no source follows are ignored.
import {
  Event,
  Follow,
  isActor,
  Undo,
  type Accept,
  type Context,
  type Create,
  type Delete,
  type Reject,
  type Update,
} from '@fedify/fedify';
import { AppError } from '../lib/errors.js';
import { importEvents } from '../sources/import-batch.js';
import { flagMissingEvent } from '../sources/imported-events.repository.js';
import { fetchSource } from '../sources/fetch-source.js';
import { importActor, userAgentOf } from '../sources/run-source.js';
import { RunTally } from '../sources/run-tally.js';
import {
  findFediverseSource,
  setFollowState,
  type SourceRow,
} from '../sources/sources.repository.js';
import { boundedKey } from '../sources/text.js';
import { AGENDA } from './actors.js';
import type { FederationDeps } from './federation-deps.js';
import { readInboundEvent } from './inbound-event.js';

type Ctx = Context<FederationDeps>;

/** A fediverse account as a source needs: its id, name and host; refused in Spanish otherwise. */
export interface FollowedAccount {
  actorId: string;
  name: string;
  host: string;
  followId: string;
}

const WEBFINGER_MAX_BYTES = 64 * 1024;
const WEBFINGER_TIMEOUT_MS = 10_000;

const ACCOUNT_NOT_FOUND = new AppError('source_refused', 400, 'error.source.accountNotFound');

/**
 * The account's actor: WebFinger over https (Fedify's lookup); on a LAN or in tests
 * (FEDERATION_ALLOW_PRIVATE_ADDRESS), over http too.
 */
async function lookupAccount(ctx: Ctx, handle: string) {
  const bare = handle.replace(/^@/, '');
  const found = await ctx.lookupObject(bare).catch(() => null);
  if (isActor(found) || !ctx.data.config.federation.allowPrivateAddress) return found;
  const host = bare.slice(bare.indexOf('@') + 1);
  const finger = new URL(`http://${host}/.well-known/webfinger`);
  finger.searchParams.set('resource', `acct:${bare}`);
  // The sources' bounded GET: a deadline, a size cap and checked redirects, as for a calendar.
  const answer = await fetchSource(finger.href, {
    allowPrivateNetworks: true,
    userAgent: userAgentOf(ctx.data.config.publicUrl),
    maxBytes: WEBFINGER_MAX_BYTES,
    timeoutMs: WEBFINGER_TIMEOUT_MS,
    maxRedirects: 2,
  });
  if (answer.notModified) return null;
  const { links } = JSON.parse(answer.body) as { links?: { rel?: string; href?: string }[] };
  const self = links?.find((link) => link.rel === 'self')?.href;
  return self ? ctx.lookupObject(self) : null;
}

/** Finds the account (WebFinger, then its actor) and sends it our `agenda`'s signed Follow. */
export async function followAccount(ctx: Ctx, handle: string): Promise<FollowedAccount> {
  const actor = await lookupAccount(ctx, handle).catch(() => null);
  if (!isActor(actor) || !actor.id || !actor.inboxId) throw ACCOUNT_NOT_FOUND;
  const followId = new URL(`#follows/${crypto.randomUUID()}`, ctx.getActorUri(AGENDA));
  await ctx.sendActivity(
    { identifier: AGENDA },
    actor,
    new Follow({ id: followId, actor: ctx.getActorUri(AGENDA), object: actor.id }),
  );
  const name = actor.name?.toString() ?? actor.preferredUsername?.toString() ?? handle;
  return {
    actorId: actor.id.href,
    name: name.slice(0, 120),
    host: actor.id.host,
    followId: followId.href,
  };
}

/** The source is deleted: we stop following the account (best effort: it may be gone). */
export async function unfollowAccount(ctx: Ctx, source: Pick<SourceRow, 'url' | 'follow_id'>) {
  if (!source.follow_id) return;
  const actor = await ctx.lookupObject(source.url).catch(() => null);
  if (!isActor(actor)) return;
  const agenda = ctx.getActorUri(AGENDA);
  await ctx.sendActivity(
    { identifier: AGENDA },
    actor,
    new Undo({
      id: new URL(`#undo/${crypto.randomUUID()}`, agenda),
      actor: agenda,
      object: new Follow({
        id: new URL(source.follow_id),
        actor: agenda,
        object: new URL(source.url),
      }),
    }),
  );
}

/** An account's answer to our Follow. */
export async function answerOfFollow(
  ctx: Ctx,
  answer: Accept | Reject,
  state: 'accepted' | 'rejected',
) {
  if (!answer.actorId) return;
  const source = await findFediverseSource(ctx.data.db, answer.actorId.href);
  if (source) await setFollowState(ctx.data.db, source.id, state);
}

/** The source that follows this activity's sender, unless it refused us or is paused. */
async function sourceOf(ctx: Ctx, actorId: URL | null): Promise<SourceRow | undefined> {
  if (!actorId) return undefined;
  const source = await findFediverseSource(ctx.data.db, actorId.href);
  if (!source || source.follow_state === 'rejected' || source.paused_at !== null) return undefined;
  return source;
}

/** A followed agenda's new or changed event, through the import pipeline. */
export async function receiveSourceEvent(ctx: Ctx, activity: Create | Update) {
  const source = await sourceOf(ctx, activity.actorId);
  if (!source) return;
  const object = await activity.getObject(ctx);
  if (!(object instanceof Event)) return;
  const json = (await object.toJsonLd()) as Record<string, unknown>;
  const read = readInboundEvent(json, ctx.data.clock());
  if (!('event' in read)) {
    ctx.data.log.info(
      { sourceId: source.id, reason: read.skipped },
      'Evento del fediverso omitido',
    );
    return;
  }
  await importEvents(ctx.data, source, [read.event], new RunTally(), {
    deps: ctx.data,
    sourceId: source.id,
    review: source.review,
    actor: importActor(source),
  });
}

/** A followed agenda deleted an event: its concert shows among the ones no longer announced. */
export async function receiveSourceDelete(ctx: Ctx, deletion: Delete) {
  const source = await sourceOf(ctx, deletion.actorId);
  if (!source || !deletion.objectId) return;
  await flagMissingEvent(ctx.data.db, source.id, boundedKey(deletion.objectId.href));
}
