import type { AgendaConcertDto, RecommendationDto } from '../../common/concerts/types.js';
import type { Locale } from '../../common/i18n/locales.js';
import type { AgendaBand, AgendaStateRow, ConcertDetailsRow } from './agenda.repository.js';

/** The fan's row of a concert (agenda or page); a fan may go without a row. */
export function toRecommendationDto(
  row: Pick<AgendaStateRow, 'score' | 'reason' | 'liked' | 'recommendation_feedback' | 'going'>,
): RecommendationDto | null {
  if (row.liked === null && !row.going) return null; // nothing of this fan's (or a visitor)
  return {
    score: row.score as RecommendationDto['score'],
    reason: row.reason,
    liked: row.liked ?? false,
    feedback: (row.recommendation_feedback ?? 0) as RecommendationDto['feedback'],
    going: row.going,
  };
}

/** The fields a concert starts with in the agenda and on its page, in that order. */
export function concertHeadDto(
  row: Omit<ConcertDetailsRow, 'cancelled' | 'bands'>,
): Pick<
  AgendaConcertDto,
  | 'id'
  | 'day'
  | 'hour'
  | 'venue'
  | 'venueId'
  | 'genre'
  | 'price'
  | 'imageUrl'
  | 'ticketUrl'
  | 'sourceUrl'
> {
  return {
    id: row.id,
    day: row.day,
    hour: row.hour,
    venue: row.venue,
    venueId: row.venue_id,
    genre: row.genre,
    price: row.price,
    imageUrl: row.image_url,
    ticketUrl: row.ticket_url,
    sourceUrl: row.source_url,
  };
}

/** A concert's name and descriptions in the reader's language (Spanish until there is Catalan). */
export function concertTextsDto(
  row: Pick<
    ConcertDetailsRow,
    | 'bandname'
    | 'concert_description'
    | 'description_short'
    | 'description_long'
    | 'description_short_ca'
    | 'description_long_ca'
  >,
  locale: Locale,
): Pick<AgendaConcertDto, 'name' | 'description' | 'descriptionShort' | 'descriptionLong'> {
  const catalan = locale === 'ca';
  return {
    name: row.bandname,
    description: row.concert_description,
    descriptionShort: (catalan ? row.description_short_ca : null) ?? row.description_short,
    descriptionLong: (catalan ? row.description_long_ca : null) ?? row.description_long,
  };
}

export const toBandDto = (band: AgendaBand): AgendaConcertDto['bands'][number] => ({
  id: band.id,
  name: band.name,
  spotifyUrl: band.spotify_url,
  imageUrl: band.image_url,
});

export function toConcertDetailsDto(
  row: ConcertDetailsRow,
  locale: Locale,
): Omit<AgendaConcertDto, 'recommendation'> {
  return {
    ...concertHeadDto(row),
    ...concertTextsDto(row, locale),
    cancelled: row.cancelled,
    bands: row.bands.map(toBandDto),
  };
}

/**
 * The GET /api/concerts body (ConcertListResponse), built from the catalog's pre-serialised
 * concerts plus the fan's row.
 */
export function agendaJson(rows: AgendaStateRow[], openJson: Map<number, string>): string {
  const items = rows
    .filter((row) => openJson.has(row.id))
    .map(
      (row) =>
        `${openJson.get(row.id)},"recommendation":${JSON.stringify(toRecommendationDto(row))}}`,
    );
  return `{"concerts":[${items.join(',')}]}`;
}
