// An event becomes a concert: the concert it already is (the same page on the same day, or the
// same venue and day, starting within two hours, with a similar name or a shared band) is joined,
// whichever came first; otherwise one is created through the admin's own audited create. Both in
// the caller's transaction, under a lock on the concert's identity so two sources read at once
// still make one concert.
import type { Genre } from '../../common/genres/genres.js';
import type { Actor } from '../admin/writes/audit.js';
import { queueAppearance, type AdminWriteDeps } from '../admin/writes/concert-writes.js';
import {
  insertConcertWithAudit,
  updateConcertWithAudit,
  type ConcertChanges,
  type ConcertEdit,
} from '../admin/concerts/concerts-admin.service.js';
import { findAdminConcert } from '../admin/concerts/concerts-admin.repository.js';
import { resolveBands } from '../admin/concerts/concert-inputs.js';
import type { Database } from '../db/database.js';
import { NO_RESCORE } from '../recommendations/concert-rescore.js';
import {
  changesFor,
  currentValues,
  hasWrites,
  valuesOf,
  type ImportedValues,
} from './concert-values.js';
import type { ImportedEvent } from './imported-event.js';
import { concertsOfSource, findConcertByEventUrl } from './imported-events.repository.js';
import { findConcertsAt, lockConcertIdentity } from './matching.repository.js';
import { similarNames, withinTwoHours } from './names.js';

/** The event with what it lacked filled in (by the matching, or by the admin approving it). */
export interface PublishPlan {
  event: ImportedEvent;
  /** The venue the matching found (null: the admin chose `venueId`). */
  matchedVenueId: number | null;
  venueId: number;
  hour: string;
  genre: Genre;
  /** Null when unknown: never made up, never free. */
  price: string | null;
  bandIds: number[];
  newBandNames: string[];
}

export interface Published {
  concertId: number;
  /** False: an existing concert was joined. */
  created: boolean;
  recorded: ImportedValues;
  edit: Pick<ConcertEdit, 'notices' | 'rescore'>;
}

const NO_EDIT = { notices: [], rescore: NO_RESCORE };

/** The concert this event already is, if any (not one this source has another event for). */
export async function findSameConcert(
  trx: Database,
  sourceId: number,
  event: ImportedEvent,
  venueId: number | null,
): Promise<number | undefined> {
  if (event.url) {
    await lockConcertIdentity(trx, `url:${event.url}`);
    const byUrl = await findConcertByEventUrl(trx, event.url, event.day);
    if (byUrl !== undefined) return byUrl;
  }
  if (venueId === null) return undefined;
  await lockConcertIdentity(trx, `at:${venueId}:${event.day}`);
  const names = [event.name, ...event.performers];
  const candidates = (await findConcertsAt(trx, venueId, event.day)).filter(
    (concert) =>
      (event.hour === null || withinTwoHours(concert.hour, event.hour)) &&
      concert.cancelled === (event.status === 'cancelled') &&
      similarNames(names, [...(concert.bandname ? [concert.bandname] : []), ...concert.band_names]),
  );
  const taken = await concertsOfSource(
    trx,
    sourceId,
    candidates.map((concert) => concert.id),
  );
  return candidates.find((concert) => !taken.has(concert.id))?.id;
}

/** The written fields as the concert edit takes them (bands resolved to ids, found or created). */
export async function toConcertChanges(
  trx: Database,
  write: ImportedValues,
  bands: { bandIds: number[]; newBandNames: string[] },
): Promise<ConcertChanges> {
  return {
    ...(write.day !== undefined ? { day: write.day } : {}),
    ...(write.hour !== undefined ? { hour: write.hour } : {}),
    ...(write.venueId !== undefined ? { venueId: write.venueId } : {}),
    ...(write.price !== undefined ? { price: write.price } : {}),
    ...(write.name !== undefined ? { name: write.name } : {}),
    ...(write.description !== undefined ? { description: write.description } : {}),
    ...(write.imageUrl !== undefined ? { imageUrl: write.imageUrl } : {}),
    ...(write.ticketUrl !== undefined ? { ticketUrl: write.ticketUrl } : {}),
    ...(write.sourceUrl !== undefined ? { sourceUrl: write.sourceUrl } : {}),
    ...(write.bands !== undefined
      ? { bandIds: await resolveBands(trx, bands.bandIds, bands.newBandNames) }
      : {}),
  };
}

/**
 * Joins `concertId` as an event it was not made from: nothing of it is overwritten (it is someone
 * else's, an admin's or another source's), but what it lacks (ticket link, picture, bands) is
 * filled in, and the fields it agrees on are recorded as ours, so later changes at this source
 * reach it too.
 */
export async function joinConcert(
  trx: Database,
  deps: AdminWriteDeps,
  concertId: number,
  plan: Pick<PublishPlan, 'event' | 'matchedVenueId' | 'bandIds' | 'newBandNames'>,
  actor: Actor,
): Promise<Published | undefined> {
  const concert = await findAdminConcert(trx, concertId, true);
  if (!concert) return undefined;
  const changes = changesFor(currentValues(concert), {}, valuesOf(plan.event, plan.matchedVenueId));
  if (!hasWrites(changes)) {
    return { concertId, created: false, recorded: changes.recorded, edit: NO_EDIT };
  }
  const edit = await updateConcertWithAudit(
    trx,
    deps,
    concertId,
    await toConcertChanges(trx, changes.write, plan),
    actor,
  );
  return { concertId, created: false, recorded: changes.recorded, edit };
}

/** The values a new concert got from the source (not those an admin filled in on approval). */
function recordedOnCreate(plan: PublishPlan): ImportedValues {
  const values = valuesOf(plan.event, plan.matchedVenueId);
  if (values.venueId !== plan.venueId) delete values.venueId;
  if (values.hour !== plan.hour) delete values.hour;
  if (values.price !== plan.price) delete values.price;
  return values;
}

export async function createConcertFrom(
  trx: Database,
  deps: AdminWriteDeps,
  plan: PublishPlan,
  actor: Actor,
): Promise<Published> {
  const { event } = plan;
  const concertId = await insertConcertWithAudit(
    trx,
    {
      day: event.day,
      hour: plan.hour,
      venueId: plan.venueId,
      genre: plan.genre,
      price: plan.price,
      name: event.name,
      description: event.description,
      imageUrl: event.imageUrl,
      ticketUrl: event.ticketUrl,
      bandIds: plan.bandIds,
      bandNames: plan.newBandNames,
    },
    actor,
    { sourceUrl: event.url },
  );
  const rescore = await queueAppearance(deps, trx, [concertId]);
  return {
    concertId,
    created: true,
    recorded: recordedOnCreate(plan),
    edit: { notices: [], rescore },
  };
}

/** The concert the event already is, joined, or a new one. */
export async function publishEvent(
  trx: Database,
  deps: AdminWriteDeps,
  sourceId: number,
  plan: PublishPlan,
  actor: Actor,
): Promise<Published> {
  const same = await findSameConcert(trx, sourceId, plan.event, plan.venueId);
  const joined = same !== undefined && (await joinConcert(trx, deps, same, plan, actor));
  return joined || createConcertFrom(trx, deps, plan, actor);
}
