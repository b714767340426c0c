// The admin's concerts: create, the picker's search, list, read, edit, duplicate, cancel, restore,
// delete, and link or unlink bands. Each edit runs in one transaction with its audit entry; scores
// and change notices follow the commit (concert-writes.ts).
import { ADMIN_PAGE_SIZE, SEARCH_LIMIT } from '../../../common/admin/limits.js';
import type {
  AdminConcertDto,
  AdminConcertOptionDto,
  AdminConcertSearchResponse,
  AdminPage,
  ConcertBandInput,
  ConcertCreateInput,
  ConcertDuplicateInput,
  ConcertListInput,
  ConcertSearchInput,
  ConcertUpdateInput,
  LinkCreateInput,
} from '../../../common/admin/types.js';
import { upcomingCutoff } from '../../concerts/upcoming.js';
import {
  NO_RESCORE,
  queueRescore,
  type PendingRescore,
} from '../../recommendations/concert-rescore.js';
import type { Database } from '../../db/database.js';
import { isForeignKeyViolation } from '../../db/pg-errors.js';
import { AppError, notFound } from '../../lib/errors.js';
import { madridDateTime, type Clock } from '../../lib/time.js';
import { auditedWrite, type Actor, type AuditedRows } from '../writes/audit.js';
import { bandExists } from '../bands/bands-admin.repository.js';
import { changeNoticeOf, queueChangeNotices } from '../writes/change-notices.js';
import { resolveBands, resolveVenue } from './concert-inputs.js';
import type { AdminConcertRow } from '../writes/change-notices.repository.js';
import {
  afterConcertWrite,
  conflict,
  DUPLICATE_LINK,
  queueAppearance,
  UNKNOWN_BAND,
  UNKNOWN_CONCERT,
  type AdminWriteDeps,
} from '../writes/concert-writes.js';
import {
  concertExists,
  copyBandLinks,
  deleteConcertRow,
  deleteLink,
  findAdminConcert,
  findAdminConcerts,
  insertConcert,
  insertLink,
  replaceBandLinks,
  searchConcerts,
  updateConcertRow,
  type ConcertPatch,
} from './concerts-admin.repository.js';
import type { ConcertOptionRow } from '../../concerts/concerts.repository.js';

const CONCERTS: AuditedRows<AdminConcertRow> = {
  entity: 'concert',
  read: findAdminConcert,
  missing: UNKNOWN_CONCERT,
};

/** concert_band's foreign key to bands: a link it refuses names a band deleted meanwhile. */
export const BAND_LINK_KEY = 'concert_band_band_id_fkey';

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
  ticketUrl: row.ticket_url,
  sourceUrl: row.source_url,
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

const toConcertOptionDto = (row: ConcertOptionRow): AdminConcertOptionDto => ({
  id: row.id,
  day: row.day,
  hour: row.hour,
  venue: row.venue,
  name: row.bandname,
  bands: row.band_names,
});

/** The concert picker: the ones nearest to today (Europe/Madrid) first. */
export async function concertOptions(
  db: Database,
  clock: Clock,
  query: ConcertSearchInput,
): Promise<AdminConcertSearchResponse> {
  const today = madridDateTime(clock()).day;
  const rows = await searchConcerts(db, query, today, SEARCH_LIMIT);
  return { concerts: rows.map(toConcertOptionDto) };
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
    return { id, rescore: await queueAppearance(deps, trx, [id]) };
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
  input: Omit<ConcertCreateInput, 'price'> & { price: string | null },
  actor: Actor,
  origin: { sourceUrl?: string | null } = {},
): Promise<number> {
  const { id } = await auditedWrite(trx, actor, CONCERTS, {
    action: 'concert.create',
    create: async () => {
      const venue = await resolveVenue(trx, input);
      if (!venue) throw new AppError('bad_request', 400, 'error.venue.missing');
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
        ticket_url: input.ticketUrl,
        source_url: origin.sourceUrl ?? null,
        user_id: actor.id,
      });
      for (const bandId of await resolveBands(trx, input.bandIds, input.bandNames)) {
        await insertLink(trx, concertId, bandId);
      }
      return concertId;
    },
  });
  return id;
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

/** What the AI or the templates write a concert's short and long texts from. */
const DESCRIBED_FACTS = [
  'day',
  'hour',
  'venue',
  'genre',
  'price',
  'bandname',
  'concert_description',
] as const;

const describedFactsChanged = (before: AdminConcertRow, after: AdminConcertRow) =>
  DESCRIBED_FACTS.some((fact) => before[fact] !== after[fact]);

const UNWRITTEN: ConcertPatch = {
  description_short: null,
  description_long: null,
  description_short_ca: null,
  description_long_ca: null,
};

/** What an import changes beyond the admin's form: the source's page, and the bands as a whole. */
export interface ConcertChanges extends Partial<Omit<ConcertUpdateInput, 'price'>> {
  /** Null: unknown (an imported event that does not say it). */
  price?: string | null;
  sourceUrl?: string | null;
  /** Every band of the concert: the others are unlinked, the missing ones linked. */
  bandIds?: number[];
}

/** An edit written in the caller's transaction; afterConcertWrite follows its commit. */
export interface ConcertEdit {
  after: AdminConcertRow;
  changed: boolean;
  notices: string[];
  rescore: PendingRescore;
}

export async function updateConcert(
  deps: AdminWriteDeps,
  id: number,
  input: ConcertUpdateInput,
  actor: Actor,
): Promise<AdminConcertDto> {
  const { after, notices, rescore } = await deps.db
    .transaction()
    .execute((trx) => updateConcertWithAudit(trx, deps, id, input, actor));
  await afterConcertWrite(deps, { rescore, notices });
  return toAdminConcertDto(after);
}

/**
 * updateConcert's writes in the caller's transaction (an import writes its own row with them):
 * the audited change, the written texts forgotten when a fact they name changed, the fans' change
 * notices and the re-scoring queued.
 */
export async function updateConcertWithAudit(
  trx: Database,
  deps: AdminWriteDeps,
  id: number,
  input: ConcertChanges,
  actor: Actor,
): Promise<ConcertEdit> {
  let bandsAdded = false;
  const { before, after, changed } = await auditedWrite(trx, actor, CONCERTS, {
    action: 'concert.update',
    id,
    change: async () => {
      const venue = await resolveVenue(trx, input);
      const patch: ConcertPatch = {
        day: input.day,
        hour: input.hour,
        genre: input.genre,
        price: input.price,
        bandname: input.name,
        concert_description: input.description,
        image_url: input.imageUrl,
        ticket_url: input.ticketUrl,
        source_url: input.sourceUrl,
        ...(venue ? { venue: venue.name, venue_id: venue.id } : {}),
      };
      const bands = input.bandIds && (await replaceBandLinks(trx, id, input.bandIds));
      bandsAdded = (bands?.added ?? 0) > 0;
      const patched = Object.values(patch).some((value) => value !== undefined);
      if (patched) await updateConcertRow(trx, id, patch);
      return patched || (bands !== undefined && bands.added + bands.removed > 0);
    },
  });
  if (!changed) return { after, changed, notices: [], rescore: NO_RESCORE };
  // The written texts name these facts: when one changes they are written again by the next run.
  if (describedFactsChanged(before, after)) await updateConcertRow(trx, id, UNWRITTEN);
  const notices = await queueNoticesFor(trx, deps, before, after);
  // Genre, day and bands feed the scores (the day: a concert moved into the future is scored); a
  // band linked is news for its fans (artist alerts).
  const bandsChanged =
    before.bands.map((band) => band.id).join() !== after.bands.map((band) => band.id).join();
  const scoreInputsChanged =
    before.genre !== after.genre || before.day !== after.day || bandsChanged;
  const rescore = await queueRescore(deps, trx, scoreInputsChanged ? [id] : [], {
    appeared: bandsAdded,
  });
  return { after, changed, notices, rescore };
}

/** Cancelled: kept and shown as such, out of scoring and mails; its fans are told once. */
export async function cancelConcert(
  deps: AdminWriteDeps,
  id: number,
  actor: Actor,
): Promise<AdminConcertDto> {
  const { after, notices, rescore } = await deps.db
    .transaction()
    .execute((trx) => cancelConcertWithAudit(trx, deps, id, actor));
  await afterConcertWrite(deps, { rescore, notices });
  return toAdminConcertDto(after);
}

/** cancelConcert's writes in the caller's transaction; nothing when it is cancelled already. */
export async function cancelConcertWithAudit(
  trx: Database,
  deps: AdminWriteDeps,
  id: number,
  actor: Actor,
): Promise<ConcertEdit> {
  const { before, after, changed } = await auditedWrite(trx, actor, CONCERTS, {
    action: 'concert.cancel',
    id,
    change: async (before) => {
      if (before.cancelled_at !== null) return false;
      await updateConcertRow(trx, id, { cancelled_at: deps.clock() });
    },
  });
  if (!changed) return { after, changed, notices: [], rescore: NO_RESCORE };
  const notices = await queueNoticesFor(trx, deps, before, after);
  return { after, changed, notices, rescore: await queueRescore(deps, trx, [id]) };
}

/**
 * One audited change of a concert's scoring inputs, re-scored after the commit. `change` answers
 * false when there was nothing to do; `logged` picks what the audit entry keeps of the concert;
 * `appeared` (a band linked) has the fans' artist alerts follow the scoring.
 */
async function changeConcert(
  deps: AdminWriteDeps,
  id: number,
  actor: Actor,
  action: string,
  change: (trx: Database, before: AdminConcertRow) => Promise<boolean>,
  {
    logged,
    appeared = false,
  }: { logged?: (row: AdminConcertRow) => unknown; appeared?: boolean } = {},
): Promise<AdminConcertDto> {
  const { after, rescore } = await deps.db.transaction().execute(async (trx) => {
    const written = await auditedWrite(trx, actor, CONCERTS, {
      action,
      id,
      change: (before) => change(trx, before),
      logged,
    });
    const rescore = written.changed
      ? await queueRescore(deps, trx, [id], { appeared })
      : NO_RESCORE;
    return { after: written.after, rescore };
  });
  await afterConcertWrite(deps, { rescore });
  return toAdminConcertDto(after);
}

/**
 * Linking or unlinking a band: `change` always changes something (or throws), and the audit entry
 * keeps only the bands, before and after. A band linked is news for its fans (artist alerts).
 */
function changeBands(
  deps: AdminWriteDeps,
  id: number,
  actor: Actor,
  action: 'concert.link_band' | 'concert.unlink_band',
  change: (trx: Database) => Promise<void>,
): Promise<AdminConcertDto> {
  const changed = async (trx: Database) => {
    await change(trx);
    return true;
  };
  return changeConcert(deps, id, actor, action, changed, {
    logged: (row) => ({ bands: row.bands }),
    appeared: action === 'concert.link_band',
  });
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
    const { id: newId } = await auditedWrite(trx, actor, CONCERTS, {
      action: 'concert.duplicate',
      before: { sourceId: id },
      create: async () => {
        const source = await lockedConcert(trx, id);
        const copyId = await insertConcert(trx, {
          day: input.day ?? source.day,
          hour: input.hour ?? source.hour,
          venue: source.venue,
          venue_id: source.venue_id,
          genre: source.genre,
          price: source.price,
          bandname: source.bandname,
          concert_description: source.concert_description,
          image_url: source.image_url,
          // Another date's tickets and announcement are other pages.
          ticket_url: null,
          source_url: null,
          user_id: actor.id,
        });
        await copyBandLinks(trx, id, copyId);
        return copyId;
      },
    });
    return { copyId: newId, rescore: await queueAppearance(deps, trx, [newId]) };
  });
  await afterConcertWrite(deps, { rescore });
  return copyId;
}

/** Deleted for good: likes and scores go with it. */
export async function deleteConcert(deps: AdminWriteDeps, id: number, actor: Actor) {
  await deps.db.transaction().execute((trx) =>
    auditedWrite(trx, actor, CONCERTS, {
      action: 'concert.delete',
      id,
      remove: async () => {
        await deleteConcertRow(trx, id);
      },
    }),
  );
}

/**
 * POST /api/admin/links: one link, no audit entry (the concert's own band edits below log one),
 * scored and alerted like a band linked from the concert's editor.
 */
export async function createLink(deps: AdminWriteDeps, input: LinkCreateInput): Promise<void> {
  const [concertFound, bandFound] = await Promise.all([
    concertExists(deps.db, input.concertId),
    bandExists(deps.db, input.bandId),
  ]);
  if (!concertFound) throw notFound(UNKNOWN_CONCERT);
  if (!bandFound) throw notFound(UNKNOWN_BAND);
  const rescore = await deps.db.transaction().execute(async (trx) => {
    let inserted: boolean;
    try {
      inserted = await insertLink(trx, input.concertId, input.bandId);
    } catch (error) {
      // Deleted between the check and the insert.
      if (isForeignKeyViolation(error, BAND_LINK_KEY)) throw notFound(UNKNOWN_BAND);
      if (isForeignKeyViolation(error)) throw notFound(UNKNOWN_CONCERT);
      throw error;
    }
    if (!inserted) throw conflict(DUPLICATE_LINK);
    return queueAppearance(deps, trx, [input.concertId]);
  });
  await afterConcertWrite(deps, { rescore });
}

export function linkConcertBand(
  deps: AdminWriteDeps,
  id: number,
  input: ConcertBandInput,
  actor: Actor,
): Promise<AdminConcertDto> {
  return changeBands(deps, id, actor, 'concert.link_band', async (trx) => {
    // One band, by id (it must exist) or by name (found or created), as the create form takes them.
    const [bandId] = await resolveBands(
      trx,
      input.bandId !== undefined ? [input.bandId] : [],
      input.name !== undefined ? [input.name] : [],
    );
    if (bandId === undefined || !(await insertLink(trx, id, bandId))) {
      throw conflict(DUPLICATE_LINK);
    }
  });
}

export function unlinkConcertBand(
  deps: AdminWriteDeps,
  id: number,
  bandId: number,
  actor: Actor,
): Promise<AdminConcertDto> {
  return changeBands(deps, id, actor, 'concert.unlink_band', async (trx) => {
    if (!(await deleteLink(trx, id, bandId))) {
      throw notFound('error.admin.bandNotLinked');
    }
  });
}
