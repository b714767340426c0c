// The agenda tells the fediverse what changed: compared with what we last announced of each
// concert (its facts' digest), a new one is a Create (and each genre actor's Announce of it), a
// changed or cancelled one an Update, a deleted one a Delete. One pass at a time across instances
// (an advisory lock); Fedify queues each delivery, signs it and retries it off the request path.
import {
  Announce,
  Create,
  Delete,
  PUBLIC_COLLECTION,
  Tombstone,
  Update,
  type Activity,
  type Context,
} from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import { findConcertPage } from '../concerts/concert-page.service.js';
import { madridDateTime } from '../lib/time.js';
import { AGENDA, genreActorOf } from './actors.js';
import { concertEvent, concertObjectPath } from './concert-event.js';
import type { AppFederation } from './federation.js';
import { recipientOf } from './federation.js';
import type { FederationDeps } from './federation-deps.js';
import { findFollowersOf } from './followers.repository.js';
import {
  findAnnounced,
  findGone,
  findUpcomingDigests,
  recordActivity,
  recordAnnounced,
  recordDeleted,
  type ConcertDigest,
  withPublishLock,
} from './published.repository.js';

type Ctx = Context<FederationDeps>;

export interface PublishSummary {
  created: number;
  updated: number;
  deleted: number;
}

const activityId = (ctx: Ctx) => new URL(`/ap/activities/${crypto.randomUUID()}`, ctx.origin);

/** Sends from one of our actors to these actors' followers, each server's inbox once. */
async function send(ctx: Ctx, from: string, audience: string[], activity: Activity) {
  await recordActivity(
    ctx.data.db,
    from,
    await activity.toJsonLd({ contextLoader: ctx.contextLoader }),
  );
  const followers = await findFollowersOf(ctx.data.db, audience);
  if (followers.length === 0) return;
  await ctx.sendActivity({ identifier: from }, followers.map(recipientOf), activity, {
    preferSharedInbox: true,
    // One queue row per inbox, written before the pass goes on (Fedify's fan-out would write
    // them later, unawaited, from one message carrying every follower).
    fanout: 'skip',
  });
}

async function announce(ctx: Ctx, concert: ConcertDigest, kind: 'create' | 'update') {
  const page = await findConcertPage(ctx.data.db, ctx.data.clock, concert.id, {
    userId: undefined,
    locale: 'es',
  });
  if (!page) return;
  const agenda = ctx.getActorUri(AGENDA);
  const event = concertEvent(page, ctx.data.config.publicUrl, agenda);
  const genreActor = genreActorOf(concert.genre);
  const now = Temporal.Now.instant();
  const addressed = {
    to: PUBLIC_COLLECTION,
    ccs: [ctx.getFollowersUri(AGENDA), ctx.getFollowersUri(genreActor)],
  };
  if (kind === 'create') {
    await send(
      ctx,
      AGENDA,
      [AGENDA],
      new Create({
        id: activityId(ctx),
        actor: agenda,
        object: event,
        published: now,
        ...addressed,
      }),
    );
    // Fans who follow only the genre see it as the genre's boost of the agenda's event.
    const genre = ctx.getActorUri(genreActor);
    await send(
      ctx,
      genreActor,
      [genreActor],
      new Announce({
        id: activityId(ctx),
        actor: genre,
        object: event.id,
        published: now,
        to: PUBLIC_COLLECTION,
        cc: ctx.getFollowersUri(genreActor),
      }),
    );
  } else {
    await send(
      ctx,
      AGENDA,
      [AGENDA, genreActor],
      new Update({ id: activityId(ctx), actor: agenda, object: event, updated: now, ...addressed }),
    );
  }
}

async function retract(ctx: Ctx, concertId: number, genre: string) {
  const agenda = ctx.getActorUri(AGENDA);
  const genreActor = genreActorOf(genre);
  const id = new URL(concertObjectPath(concertId), ctx.origin);
  await send(
    ctx,
    AGENDA,
    [AGENDA, genreActor],
    new Delete({
      id: activityId(ctx),
      actor: agenda,
      object: new Tombstone({ id, deleted: Temporal.Now.instant() }),
      to: PUBLIC_COLLECTION,
      ccs: [ctx.getFollowersUri(AGENDA), ctx.getFollowersUri(genreActor)],
    }),
  );
}

/** One publishing pass; undefined when another instance is running one. */
export async function publishChanges(
  federation: AppFederation,
  deps: FederationDeps,
): Promise<PublishSummary | undefined> {
  return withPublishLock(deps.db, async (db) => {
    const ctx = federation.createContext(new URL(deps.config.publicUrl), { ...deps, db });
    const today = madridDateTime(deps.clock()).day;
    const [upcoming, announced] = await Promise.all([
      findUpcomingDigests(db, today),
      findAnnounced(db, today),
    ]);
    const known = new Map(announced.map((row) => [row.concert_id, row]));
    const summary: PublishSummary = { created: 0, updated: 0, deleted: 0 };
    for (const concert of upcoming) {
      const before = known.get(concert.id);
      if (before?.digest === concert.digest) continue;
      await announce(ctx, concert, before ? 'update' : 'create');
      await recordAnnounced(db, concert);
      summary[before ? 'updated' : 'created'] += 1;
    }
    const listed = new Set(upcoming.map((concert) => concert.id));
    const unlisted = announced.filter((row) => !listed.has(row.concert_id));
    for (const id of await findGone(
      db,
      unlisted.map((row) => row.concert_id),
    )) {
      await retract(ctx, id, known.get(id)!.genre);
      await recordDeleted(db, id);
      summary.deleted += 1;
    }
    return summary;
  });
}
