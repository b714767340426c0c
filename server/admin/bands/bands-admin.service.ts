// The admin's bands: create, the picker's search, list, edit, merge two into one, delete when
// unused. Each edit runs in one transaction with its audit entry; the scores of the concerts it
// touches follow the commit.
import { ADMIN_PAGE_SIZE, SEARCH_LIMIT } from '../../../common/admin/limits.js';
import type {
  AdminBandDto,
  AdminBandSearchResponse,
  AdminPage,
  BandCreateInput,
  BandSearchInput,
  BandUpdateInput,
} from '../../../common/admin/types.js';
import { toBandNameDto } from '../../bands/bands.dto.js';
import type { Database } from '../../db/database.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { queueRescore } from '../../recommendations/concert-rescore.js';
import { forgetFutureScores } from '../../recommendations/generator.js';
import {
  auditedWrite,
  recordAudit,
  removeUnlessUsed,
  type Actor,
  type AuditedRows,
} from '../writes/audit.js';
import {
  concertIdsOfBand,
  deleteBandRow,
  deleteUnusedBand,
  findAdminBand,
  findAdminBands,
  insertBand,
  moveBandLinks,
  renameFavourite,
  searchBands,
  updateBandRow,
  type AdminBandRow,
} from './bands-admin.repository.js';
import {
  afterConcertWrite,
  conflictOnDuplicate,
  DUPLICATE_BAND,
  UNKNOWN_BAND,
  type AdminWriteDeps,
} from '../writes/concert-writes.js';

/** The unique index on lower(band_name). */
export const BAND_NAME_KEY = 'bands_band_name_lower_key';

const BANDS = {
  entity: 'band',
  read: findAdminBand,
  missing: UNKNOWN_BAND,
  inUse: 'error.admin.bandInUse',
} satisfies AuditedRows<AdminBandRow>;

const orDuplicate = <T>(work: () => Promise<T>) =>
  conflictOnDuplicate(BAND_NAME_KEY, DUPLICATE_BAND, work);

const toAdminBandDto = (row: AdminBandRow): AdminBandDto => ({
  id: row.id,
  name: row.band_name,
  spotifyUrl: row.band_spotify_url,
  genres: row.band_genres,
  imageUrl: row.image_url,
  concertCount: row.concert_count,
});

/** POST /api/admin/bands: the band alone; unlike the edits below, no audit entry. */
export function createBand(db: Database, input: BandCreateInput): Promise<number> {
  return orDuplicate(() =>
    insertBand(db, {
      band_name: input.name,
      band_spotify_url: input.spotifyUrl,
      band_genres: input.genres,
      image_url: input.imageUrl,
    }),
  );
}

export async function bandOptions(
  db: Database,
  query: BandSearchInput,
): Promise<AdminBandSearchResponse> {
  return { bands: (await searchBands(db, query.q, SEARCH_LIMIT)).map(toBandNameDto) };
}

export async function listAdminBands(
  deps: Pick<AdminWriteDeps, 'db'>,
  query: { q?: string; page: number },
): Promise<AdminPage<AdminBandDto>> {
  const { rows, total } = await findAdminBands(
    deps.db,
    query.q,
    (query.page - 1) * ADMIN_PAGE_SIZE,
    ADMIN_PAGE_SIZE,
  );
  return { items: rows.map(toAdminBandDto), total, page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

export async function updateBand(
  deps: AdminWriteDeps,
  id: number,
  input: BandUpdateInput,
  actor: Actor,
): Promise<AdminBandDto> {
  const result = await orDuplicate(() =>
    deps.db.transaction().execute(async (trx) => {
      const { before, after } = await auditedWrite(trx, actor, BANDS, {
        action: 'band.update',
        id,
        change: () =>
          updateBandRow(trx, id, {
            band_name: input.name,
            band_spotify_url: input.spotifyUrl,
            band_genres: input.genres,
            image_url: input.imageUrl,
          }),
      });
      // Name (favourite artists) and genres feed the scores of its concerts.
      const scored =
        before.band_name !== after.band_name ||
        before.band_genres.join() !== after.band_genres.join();
      const concerts = scored ? await concertIdsOfBand(trx, id) : [];
      return { after, rescore: await queueRescore(deps, trx, concerts) };
    }),
  );
  await afterConcertWrite(deps, { rescore: result.rescore });
  return toAdminBandDto(result.after);
}

/**
 * `fromId` goes into `intoId`: its concert links move over (likes are on the concerts, so they stay
 * with them), fans who had it among their favourite artists get the kept band's name instead, and
 * it is deleted. Those fans' future scores are worked out again (their taste changed).
 */
export async function mergeBands(
  deps: AdminWriteDeps,
  fromId: number,
  intoId: number,
  actor: Actor,
): Promise<AdminBandDto> {
  if (fromId === intoId) throw badRequest('error.band.mergeSame');
  const result = await deps.db.transaction().execute(async (trx) => {
    // Locked in id order, so two merges of the same pair cannot deadlock.
    const [low, high] = fromId < intoId ? [fromId, intoId] : [intoId, fromId];
    const first = await findAdminBand(trx, low, true);
    const second = await findAdminBand(trx, high, true);
    const from = fromId === low ? first : second;
    const into = fromId === low ? second : first;
    if (!from || !into) throw notFound(UNKNOWN_BAND);
    const concerts = await concertIdsOfBand(trx, fromId);
    await moveBandLinks(trx, fromId, intoId);
    const fans = await renameFavourite(trx, from.band_name, into.band_name);
    await deleteBandRow(trx, fromId);
    const after = (await findAdminBand(trx, intoId))!;
    await recordAudit(trx, actor, {
      action: 'band.merge',
      entity: 'band',
      entityId: intoId,
      before: { from, into },
      after: { band: after, concertsMoved: concerts, fansRenamed: fans.length },
    });
    return { after, concerts, fans, rescore: await queueRescore(deps, trx, concerts) };
  });
  await afterConcertWrite(deps, { rescore: result.rescore });
  for (const userId of result.fans) {
    await forgetFutureScores(deps, userId);
    void deps.runner.kick(userId);
  }
  return toAdminBandDto(result.after);
}

export function deleteBand(deps: AdminWriteDeps, id: number, actor: Actor): Promise<void> {
  return removeUnlessUsed(deps.db, actor, BANDS, 'band.delete', id, deleteUnusedBand);
}
