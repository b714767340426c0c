// What arrives in our inboxes, signed (Fedify refuses the rest with 401 before any of this runs):
// follows of our actors, answered with a signed Accept; their Undo; a deleted account; and, from
// the fediverse agendas we follow as sources, their events and our follows' answers.
import {
  Accept,
  Create,
  Delete,
  Follow,
  Reject,
  Undo,
  Update,
  type Federation,
  type InboxContext,
} from '@fedify/fedify';
import { AGENDA, isOurActor } from './actors.js';
import type { FederationDeps } from './federation-deps.js';
import { receiveSourceEvent, receiveSourceDelete, answerOfFollow } from './fediverse-sources.js';
import { addFollower, removeFollower, removeFollowerEverywhere } from './followers.repository.js';

type Ctx = InboxContext<FederationDeps>;

/** Which of our actors an address names, if any. */
function ourActorOf(ctx: Ctx, uri: URL | null): string | undefined {
  const parsed = uri ? ctx.parseUri(uri) : null;
  return parsed?.type === 'actor' && isOurActor(parsed.identifier) ? parsed.identifier : undefined;
}

async function onFollow(ctx: Ctx, follow: Follow) {
  const actor = ourActorOf(ctx, follow.objectId);
  if (!follow.id || !actor) return;
  const follower = await follow.getActor(ctx);
  if (!follower?.id || !follower.inboxId) return;
  await addFollower(ctx.data.db, {
    actor,
    follower: follower.id.href,
    inbox: follower.inboxId.href,
    shared_inbox: follower.endpoints?.sharedInbox?.href ?? null,
    follow_id: follow.id.href,
  });
  await ctx.sendActivity(
    { identifier: actor },
    follower,
    new Accept({
      id: new URL(`#accepts/${crypto.randomUUID()}`, ctx.getActorUri(actor)),
      actor: ctx.getActorUri(actor),
      object: follow,
    }),
  );
}

async function onUndo(ctx: Ctx, undo: Undo) {
  const object = await undo.getObject(ctx);
  if (!(object instanceof Follow) || !undo.actorId) return;
  // Only the follower itself can undo its follow.
  if (object.actorId?.href !== undo.actorId.href) return;
  const actor = ourActorOf(ctx, object.objectId);
  if (actor) await removeFollower(ctx.data.db, actor, undo.actorId.href);
}

async function onDelete(ctx: Ctx, deletion: Delete) {
  if (!deletion.actorId) return;
  // An account deleted: it follows nothing of ours any more.
  if (deletion.objectId?.href === deletion.actorId.href) {
    await removeFollowerEverywhere(ctx.data.db, deletion.actorId.href);
    return;
  }
  await receiveSourceDelete(ctx, deletion);
}

export function listenToInbox(federation: Federation<FederationDeps>) {
  federation
    .setInboxListeners('/ap/actors/{identifier}/inbox', '/ap/inbox')
    .setSharedKeyDispatcher(() => ({ identifier: AGENDA }))
    .on(Follow, onFollow)
    .on(Undo, onUndo)
    .on(Accept, (ctx, accept) => answerOfFollow(ctx, accept, 'accepted'))
    .on(Reject, (ctx, reject) => answerOfFollow(ctx, reject, 'rejected'))
    .on(Create, (ctx, create) => receiveSourceEvent(ctx, create))
    .on(Update, (ctx, update) => receiveSourceEvent(ctx, update))
    .on(Delete, onDelete)
    .onError((ctx, error) => {
      ctx.data.log.warn({ err: error }, 'Error en una actividad recibida del fediverso');
    });
}
