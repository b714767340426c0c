import { concertNames } from '@common/concerts/display';
import type { AgendaConcertDto } from '@common/concerts/types';
import { SCORES, type Score } from '@common/genres/genres';
import { isPriceRange, priceInRange, type PriceRange } from './priceFilter';

export interface AgendaFilters {
  /** yyyy-MM-dd or '' */
  fecha: string;
  puntuacion: Score | '';
  banda: string;
  genero: string;
  precio: PriceRange | '';
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const NOT_ASCII = /[^\x20-\x7e]/;

/** Lower case without accents, for accent- and case-insensitive matching. */
export function normalizeText(text: string): string {
  // Most names are plain ASCII: they skip the Unicode decomposition, the costly part when a
  // season's 1,000 concerts are read on a slow phone.
  const plain = NOT_ASCII.test(text) ? text.normalize('NFD').replace(/\p{Diacritic}/gu, '') : text;
  return plain.toLowerCase().trim();
}

interface SortEntry {
  name: string;
  key: string;
}

/** The folded name Spanish order compares: case and accents aside, ñ after n. */
const sortEntry = (name: string): SortEntry => ({
  name,
  key: normalizeText(name.toLowerCase().replaceAll('ñ', 'n\x7f')),
});

const byKey = (a: SortEntry, b: SortEntry) =>
  a.key !== b.key ? (a.key < b.key ? -1 : 1) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/**
 * Spanish alphabetical order, as Intl.Collator('es') sorts names, without the collator: building
 * one loads ICU's collation data on the main thread in the agenda's first render
 * (test/client/filters.test.ts compares the two orders).
 */
export function spanishOrder(a: string, b: string): number {
  return byKey(sortEntry(a), sortEntry(b));
}

/** `names` in Spanish order, each folded once rather than once per comparison. */
export function sortedSpanish(names: string[]): string[] {
  return names
    .map(sortEntry)
    .sort(byKey)
    .map((entry) => entry.name);
}

function isScore(value: string): value is Score {
  return (SCORES as readonly string[]).includes(value);
}

/** The filters an address asks for; a malformed date, score or price range counts as unset. */
export function filtersFromParams(params: URLSearchParams): AgendaFilters {
  const fecha = params.get('fecha') ?? '';
  const puntuacion = params.get('puntuacion') ?? '';
  const precio = params.get('precio') ?? '';
  return {
    fecha: DAY_PATTERN.test(fecha) ? fecha : '',
    puntuacion: isScore(puntuacion) ? puntuacion : '',
    banda: params.get('banda') ?? '',
    genero: params.get('genero') ?? '',
    precio: isPriceRange(precio) ? precio : '',
  };
}

export function hasFilters(filters: AgendaFilters): boolean {
  return Boolean(
    filters.fecha || filters.puntuacion || filters.banda.trim() || filters.genero || filters.precio,
  );
}

export function applyFilters(
  concerts: AgendaConcertDto[],
  filters: AgendaFilters,
): AgendaConcertDto[] {
  const band = normalizeText(filters.banda);
  return concerts.filter((concert) => {
    if (filters.fecha && concert.day !== filters.fecha) return false;
    if (filters.puntuacion && concert.recommendation?.score !== filters.puntuacion) return false;
    if (filters.genero && normalizeText(concert.genre) !== normalizeText(filters.genero)) {
      return false;
    }
    if (filters.precio && !priceInRange(concert.price, filters.precio)) return false;
    if (band && !concertNames(concert).some((name) => normalizeText(name).includes(band))) {
      return false;
    }
    return true;
  });
}

/** Every band name in the agenda, once, alphabetically. */
export function uniqueBandNames(concerts: readonly AgendaConcertDto[]): string[] {
  const names = new Map<string, string>();
  for (const concert of concerts) {
    for (const name of concertNames(concert)) names.set(normalizeText(name), name);
  }
  return sortedSpanish([...names.values()]);
}

/** Every genre in the agenda, once, alphabetically. */
export function uniqueGenres(concerts: readonly AgendaConcertDto[]): string[] {
  const genres = new Map<string, string>();
  for (const concert of concerts) {
    const key = normalizeText(concert.genre);
    if (!genres.has(key)) genres.set(key, concert.genre);
  }
  return sortedSpanish([...genres.values()]);
}

export function matchingBands(names: string[], query: string): string[] {
  const needle = normalizeText(query);
  if (!needle) return names;
  return names.filter((name) => normalizeText(name).includes(needle));
}
