// The landing carousel and the agenda, for concerts.routes.ts.
import type { CarouselResponse } from '../../common/concerts/types.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/time.js';
import type { AgendaCatalog } from './agenda-catalog.js';
import type {
  AgendaEncoding,
  AgendaReader,
  AgendaResponse,
  AgendaResponses,
} from './agenda-responses.js';
import { agendaJson } from './agenda.dto.js';
import { findAgendaState } from './agenda.repository.js';
import { toCarouselConcertDto } from './concerts.dto.js';
import { findCarouselConcerts } from './concerts.repository.js';
import { upcomingCutoff } from './upcoming.js';

export const CAROUSEL_SIZE = 20;

export async function carousel(db: Database, clock: Clock): Promise<CarouselResponse> {
  const rows = await findCarouselConcerts(db, upcomingCutoff(clock), CAROUSEL_SIZE);
  return { concerts: rows.map(toCarouselConcertDto) };
}

export interface AgendaDeps {
  db: Database;
  clock: Clock;
  catalog: AgendaCatalog;
  responses: AgendaResponses;
}

/**
 * The agenda of a fan (or of visitors, userId undefined) in the reader's language as a
 * ConcertListResponse, gzipped or plain as the client takes it: the kept answer while it is still
 * right (agenda-responses.ts), or a new one, kept for the next time. The JSON is assembled from the
 * catalog's pre-serialised concerts (agenda-catalog.ts).
 */
export async function agendaAnswer(
  deps: AgendaDeps,
  reader: AgendaReader,
  encoding: AgendaEncoding,
): Promise<AgendaResponse> {
  const { catalog, responses } = deps;
  const cutoff = upcomingCutoff(deps.clock);
  const kept = responses.find(reader, encoding, catalog.version, cutoff);
  if (kept) return kept;

  // Before the database, so a change during the read keeps nothing stale.
  const start = responses.readStart();
  const rows = await findAgendaState(deps.db, cutoff, reader.userId);
  const details = await catalog.openJson(
    rows.map((row) => row.id),
    reader.locale,
  );
  const json = agendaJson(rows, details.json);
  return responses.keep(reader, encoding, rows, json, details.version, start);
}
