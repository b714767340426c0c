// The admin's concerts: list, read, edit, duplicate, cancel, restore, delete, and link or unlink
// bands in place. Each write runs in one transaction with its audit entry; scores and change
// notices follow the commit (concert-writes.ts).
import {
  ADMIN_PAGE_SIZE,
  type AdminConcertDto,
  type AdminPage,
  type ConcertBandInput,
  type ConcertCreateInput,
  type ConcertDuplicateInput,
  type ConcertListInput,
  type ConcertUpdateInput,
} from '../../common/admin.js';
import { upcomingCutoff } from '../concerts/upcoming.js';
import { NO_RESCORE, queueRescore } from '../recommendations/concert-rescore.js';
import type { Database } from '../db/database.js';
import { AppError, notFound } from '../lib/errors.js';
import { insertConcert, insertLink } from './admin.repository.js';
import { recordAudit, type Actor } from './audit.js';
import { changeNoticeOf, queueChangeNotices } from './change-notices.js';
import {
  afterConcertWrite,
  resolveBands,
  resolveVenue,
  UNKNOWN_CONCERT,
  type AdminWriteDeps,
} from './concert-writes.js';
import {
  copyBandLinks,
  deleteConcertRow,
  deleteLink,
  findAdminConcert,
  findAdminConcerts,
  updateConcertRow,
  type AdminConcertRow,
  type ConcertPatch,
} from './concerts-admin.repository.js';

export const toAdminConcertDto = (row: AdminConcertRow): AdminConcertDto => ({
  id: row.id,
  day: row.day,
  hour: row.hour,
  venueId: row.venue_id,
  venue: row.venue,
  genre: row.genre,
  price: row.price,
  name: row.bandname,
  description: row.concert_description,
  imageUrl: row.image_url,
  likeCount: row.like_count,
  cancelledAt: row.cancelled_at ? row.cancelled_at.toISOString() : null,
  bands: row.bands,
});

export async function listAdminConcerts(
  deps: Pick<AdminWriteDeps, 'db' | 'clock'>,
  query: ConcertListInput,
): Promise<AdminPage<AdminConcertDto>> {
  const { page, ...filters } = query;
  const { rows, total } = await findAdminConcerts(
    deps.db,
    filters,
    upcomingCutoff(deps.clock),
    (page - 1) * ADMIN_PAGE_SIZE,
    ADMIN_PAGE_SIZE,
  );
  return { items: rows.map(toAdminConcertDto), total, page, pageSize: ADMIN_PAGE_SIZE };
}

async function lockedConcert(db: Database, id: number): Promise<AdminConcertRow> {
  const row = await findAdminConcert(db, id, true);
  if (!row) throw notFound(UNKNOWN_CONCERT);
  return row;
}

export async function getAdminConcert(db: Database, id: number): Promise<AdminConcertDto> {
  const row = await findAdminConcert(db, id);
  if (!row) throw notFound(UNKNOWN_CONCERT);
  return toAdminConcertDto(row);
}

/** An upcoming concert (as it was before the edit) is the only one whose fans are told. */
const isUpcoming = (deps: Pick<AdminWriteDeps, 'clock'>, row: AdminConcertRow) => {
  const cutoff = upcomingCutoff(deps.clock);
  return `${row.day}T${row.hour}` >= `${cutoff.day}T${cutoff.time.slice(0, 5)}`;
};

/**
 * Creates a concert with its venue (one of the list, or a new one) and bands (ids of the list, or
 * names found or created), then scores it for every onboarded fan. `actor.id` becomes its creator
 * (null for the API token). The one way concerts are created (admin form, API, approved
 * submissions).
 */
export async function createConcert(
  deps: AdminWriteDeps,
  input: ConcertCreateInput,
  actor: Actor,
): Promise<number> {
  const { id, rescore } = await deps.db.transaction().execute(async (trx) => {
    const id = await insertConcertWithAudit(trx, input, actor);
    return { id, rescore: await queueRescore(deps, trx, [id]) };
  });
  await afterConcertWrite(deps, { rescore });
  return id;
}

/**
 * createConcert's writes, inside the caller's transaction (an approved submission creates its
 * concert in the transaction that marks it approved). The caller runs afterConcertWrite after
 * committing, so the scorer sees the concert.
 */
export async function insertConcertWithAudit(
  trx: Database,
  input: ConcertCreateInput,
  actor: Actor,
): Promise<number> {
  const venue = await resolveVenue(trx, input);
  if (!venue) throw new AppError('bad_request', 400, 'Elige una sala.');
  const concertId = await insertConcert(trx, {
    day: input.day,
    hour: input.hour,
    venue: venue.name,
    venue_id: venue.id,
    genre: input.genre,
    price: input.price,
    bandname: input.name,
    concert_description: input.description,
    image_url: input.imageUrl,
    user_id: actor.id,
  });
  for (const bandId of await resolveBands(trx, input.bandIds, input.bandNames)) {
    await insertLink(trx, concertId, bandId);
  }
  const after = await findAdminConcert(trx, concertId);
  await recordAudit(trx, actor, {
    action: 'concert.create',
    entity: 'concert',
    entityId: concertId,
    after,
  });
  return concertId;
}

/** The change notices an edit calls for, written in its transaction: none for a past concert. */
async function queueNoticesFor(
  trx: Database,
  deps: AdminWriteDeps,
  before: AdminConcertRow,
  after: AdminConcertRow,
): Promise<string[]> {
  const notice = changeNoticeOf(before, after);
  if (!notice || !isUpcoming(deps, before)) return [];
  return queueChangeNotices(trx, { before, after }, notice, deps.clock());
}

export async function updateConcert(
  deps: AdminWriteDeps,
  id: number,
  input: ConcertUpdateInput,
  actor: Actor,
): Promise<AdminConcertDto> {
  const { after, notices, rescore } = await deps.db.transaction().execute(async (trx) => {
    const before = await lockedConcert(trx, id);
    const venue = await resolveVenue(trx, input);
    const patch: ConcertPatch = {
      day: input.day,
      hour: input.hour,
      genre: input.genre,
      price: input.price,
      bandname: input.name,
      concert_description: input.description,
      image_url: input.imageUrl,
      ...(venue ? { venue: venue.name, venue_id: venue.id } : {}),
    };
    await updateConcertRow(trx, id, patch);
    const changed = (await findAdminConcert(trx, id))!;
    await recordAudit(trx, actor, {
      action: 'concert.update',
      entity: 'concert',
      entityId: id,
      before,
      after: changed,
    });
    const queued = await queueNoticesFor(trx, deps, before, changed);
    // Only genre and day feed the scores here (the day: a concert moved into the future is scored).
    const scoreInputsChanged = before.genre !== changed.genre || before.day !== changed.day;
    const rescore = await queueRescore(deps, trx, scoreInputsChanged ? [id] : []);
    return { after: changed, notices: queued, rescore };
  });
  await afterConcertWrite(deps, { rescore, notices });
  return toAdminConcertDto(after);
}

/** Cancelled: kept and shown as such, out of scoring and mails; its fans are told once. */
export async function cancelConcert(
  deps: AdminWriteDeps,
  id: number,
  actor: Actor,
): Promise<AdminConcertDto> {
  const { after, notices, rescore } = await deps.db.transaction().execute(async (trx) => {
    const before = await lockedConcert(trx, id);
    if (before.cancelled_at !== null) return { after: before, notices: [], rescore: NO_RESCORE };
    await updateConcertRow(trx, id, { cancelled_at: deps.clock() });
    const changed = (await findAdminConcert(trx, id))!;
    await recordAudit(trx, actor, {
      action: 'concert.cancel',
      entity: 'concert',
      entityId: id,
      before,
      after: changed,
    });
    const queued = await queueNoticesFor(trx, deps, before, changed);
    return { after: changed, notices: queued, rescore: await queueRescore(deps, trx, [id]) };
  });
  await afterConcertWrite(deps, { rescore, notices });
  return toAdminConcertDto(after);
}

/**
 * One audited change of a concert's scoring inputs: the row locked, changed, read again and logged
 * in one transaction, then re-scored after the commit. `change` answers false when there was
 * nothing to do (no audit entry then). `bandsOnly` logs only the bands, before and after.
 */
async function changeConcert(
  deps: AdminWriteDeps,
  id: number,
  actor: Actor,
  action: string,
  change: (trx: Database, before: AdminConcertRow) => Promise<boolean>,
  bandsOnly = false,
): Promise<AdminConcertDto> {
  const { after, rescore } = await deps.db.transaction().execute(async (trx) => {
    const before = await lockedConcert(trx, id);
    if (!(await change(trx, before))) return { after: before, rescore: NO_RESCORE };
    const changed = (await findAdminConcert(trx, id))!;
    await recordAudit(trx, actor, {
      action,
      entity: 'concert',
      entityId: id,
      before: bandsOnly ? { bands: before.bands } : before,
      after: bandsOnly ? { bands: changed.bands } : changed,
    });
    return { after: changed, rescore: await queueRescore(deps, trx, [id]) };
  });
  await afterConcertWrite(deps, { rescore });
  return toAdminConcertDto(after);
}

/** A cancellation undone: the concert is scored again. */
export function restoreConcert(
  deps: AdminWriteDeps,
  id: number,
  actor: Actor,
): Promise<AdminConcertDto> {
  return changeConcert(deps, id, actor, 'concert.restore', async (trx, before) => {
    if (before.cancelled_at === null) return false;
    await updateConcertRow(trx, id, { cancelled_at: null });
    return true;
  });
}

/** A copy for another date (residencies): same fields and bands, no likes, not cancelled. */
export async function duplicateConcert(
  deps: AdminWriteDeps,
  id: number,
  input: ConcertDuplicateInput,
  actor: Actor,
): Promise<number> {
  const { copyId, rescore } = await deps.db.transaction().execute(async (trx) => {
    const source = await lockedConcert(trx, id);
    const newId = await insertConcert(trx, {
      day: input.day ?? source.day,
      hour: input.hour ?? source.hour,
      venue: source.venue,
      venue_id: source.venue_id,
      genre: source.genre,
      price: source.price,
      bandname: source.bandname,
      concert_description: source.concert_description,
      image_url: source.image_url,
      user_id: actor.id,
    });
    await copyBandLinks(trx, id, newId);
    const after = await findAdminConcert(trx, newId);
    await recordAudit(trx, actor, {
      action: 'concert.duplicate',
      entity: 'concert',
      entityId: newId,
      before: { sourceId: id },
      after,
    });
    return { copyId: newId, rescore: await queueRescore(deps, trx, [newId]) };
  });
  await afterConcertWrite(deps, { rescore });
  return copyId;
}

/** Deleted for good: likes and scores go with it. */
export async function deleteConcert(deps: AdminWriteDeps, id: number, actor: Actor) {
  await deps.db.transaction().execute(async (trx) => {
    const before = await lockedConcert(trx, id);
    await deleteConcertRow(trx, id);
    await recordAudit(trx, actor, {
      action: 'concert.delete',
      entity: 'concert',
      entityId: id,
      before,
    });
  });
}

export function linkConcertBand(
  deps: AdminWriteDeps,
  id: number,
  input: ConcertBandInput,
  actor: Actor,
): Promise<AdminConcertDto> {
  return changeConcert(
    deps,
    id,
    actor,
    'concert.link_band',
    async (trx) => {
      // One band, by id (it must exist) or by name (found or created), as the create form takes them.
      const [bandId] = await resolveBands(
        trx,
        input.bandId !== undefined ? [input.bandId] : [],
        input.name !== undefined ? [input.name] : [],
      );
      if (bandId === undefined || !(await insertLink(trx, id, bandId))) {
        throw new AppError('conflict', 409, 'Ese concierto y esa banda ya están vinculados.');
      }
      return true;
    },
    true,
  );
}

export function unlinkConcertBand(
  deps: AdminWriteDeps,
  id: number,
  bandId: number,
  actor: Actor,
): Promise<AdminConcertDto> {
  return changeConcert(
    deps,
    id,
    actor,
    'concert.unlink_band',
    async (trx) => {
      if (!(await deleteLink(trx, id, bandId))) {
        throw notFound('Esa banda no está vinculada a este concierto.');
      }
      return true;
    },
    true,
  );
}
